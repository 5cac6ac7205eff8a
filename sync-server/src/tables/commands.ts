import type { SvgRasteriser } from '@linkhub/shared/server/artifacts/logo-upload';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { SecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { randomSlug } from '@linkhub/shared/mutators/args';
import { isWebPort } from '@linkhub/shared/webhooks/ports';
import { domainCommands } from '../resources/domains/commands';
import { experimentCommands } from '../resources/experiments/commands';
import { leadCommands } from '../resources/leads/commands';
import { linkCommands } from '../resources/links/commands';
import { pageCommands } from '../resources/pages/commands';
import { pageArchiveCommands } from '../resources/pages/archive';
import { qrCommands } from '../resources/qr-codes/commands';
import type { CacheDeps } from '../kernel/redirect-cache';
import { CommandRegistry } from '../kernel/registry';
import { WebhookEvents } from '../kernel/webhook-events';
import { webhookCommands } from '../resources/webhooks/commands';
import { workspaceCommands } from '../resources/workspaces/commands';
import { LINK_WEBHOOK_EVENTS } from '../resources/links/webhook-events';
import { PAGE_WEBHOOK_EVENTS } from '../resources/pages/webhook-events';
import { QR_CODE_WEBHOOK_EVENTS } from '../resources/qr-codes/webhook-events';

/**
 * Every command (QR designs read uploaded logos from `artifacts` and draw SVG logos with `rasteriseSvg`; webhook secrets are sealed with
 * `secrets`; `generateSlug` makes the slugs of creates that choose none), those a resource's webhook
 * event source names recording their event; one per mutator name (checked at start-up, so a mutator
 * can never lack its server side, and two commands of one name fail in CommandRegistry). */
export function commandRegistry(
  cache: CacheDeps,
  artifacts: ArtifactStore,
  rasteriseSvg: SvgRasteriser,
  secrets: SecretBox,
  generateSlug: () => string = randomSlug,
  allowWebhookPort: (port: number) => boolean = isWebPort,
): CommandRegistry {
  const commands = [
    ...linkCommands(cache, generateSlug),
    ...qrCommands(cache, artifacts, rasteriseSvg, generateSlug),
    ...pageCommands(cache, artifacts),
    ...pageArchiveCommands(cache),
    ...domainCommands(cache),
    ...workspaceCommands(),
    ...leadCommands(),
    ...experimentCommands(cache),
    ...webhookCommands(secrets, allowWebhookPort),
  ];
  const registry = new CommandRegistry(
    commands,
    new WebhookEvents([LINK_WEBHOOK_EVENTS, QR_CODE_WEBHOOK_EVENTS, PAGE_WEBHOOK_EVENTS]),
  );
  const names = registry.names();
  const missing = MUTATOR_NAMES.filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`mutators without a command: ${missing.join(', ')}`);
  return registry;
}

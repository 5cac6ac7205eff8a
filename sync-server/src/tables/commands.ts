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
import type { Command } from '../kernel/types';
import { webhookCommands } from '../resources/webhooks/commands';
import { workspaceCommands } from '../resources/workspaces/commands';
import { withWebhookEvents } from '../resources/webhooks/command-events';

/**
 * Every command (QR designs read uploaded logos from `artifacts` and draw SVG logos with `rasteriseSvg`; webhook secrets are sealed with
 * `secrets`; `generateSlug` makes the slugs of creates that choose none), those named in COMMAND_EVENTS recording their webhook event; one per mutator name (checked at start-up, so a mutator can never lack its server side). */
export function allCommands(
  cache: CacheDeps,
  artifacts: ArtifactStore,
  rasteriseSvg: SvgRasteriser,
  secrets: SecretBox,
  generateSlug: () => string = randomSlug,
  allowWebhookPort: (port: number) => boolean = isWebPort,
): Command[] {
  const commands = [
    ...linkCommands(cache, generateSlug),
    ...qrCommands(cache, artifacts, rasteriseSvg, generateSlug),
    ...pageCommands(cache),
    ...pageArchiveCommands(cache),
    ...domainCommands(cache),
    ...workspaceCommands(),
    ...leadCommands(),
    ...experimentCommands(cache),
    ...webhookCommands(secrets, allowWebhookPort),
  ];
  const names = new Set(commands.map((c) => c.name));
  const missing = MUTATOR_NAMES.filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`mutators without a command: ${missing.join(', ')}`);
  return withWebhookEvents(commands);
}

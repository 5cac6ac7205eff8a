import { ValidationError } from '@linkhub/shared/errors/app-error';
import { uuidv7 } from '@linkhub/shared/server/db';
import type { CreateLinkInput } from '@linkhub/shared/schemas/links';
import { defined, type CommandStep, commandStep } from '../../http/run';
import { createLinkCommand, setLinkPasswordCommand, updateLinkCommand } from './commands';
import { utmWithPreset, type UtmOfPreset } from '../utm-presets';

/** Fields the command layer has no command for yet: refused as input rather than silently dropped. */
export function refuseUnsupported(input: { publish?: boolean }): void {
  const details = [...(input.publish === false ? [{ field: 'publish', issue: 'not_supported' }] : [])];
  if (details.length > 0)
    throw new ValidationError(details, { message: 'These fields are not supported by the API yet.' });
}

/** `domain: "links.example.com"` → the domain id the commands take (404 when it is not the workspace's). */
export type DomainIdOf = (hostname: string) => Promise<string>;

/**
 * A `POST /v1/links` body as the commands the editor's mutators run: createLink, then updateLink
 * for what createLink does not take (schedule, targeting rules, split). The same for one link and
 * for each item of a bulk request.
 */
export async function createLinkSteps(
  workspaceId: string,
  input: CreateLinkInput,
  domainIdOf: DomainIdOf,
  utmOfPreset: UtmOfPreset,
): Promise<{ id: string; steps: CommandStep[]; slug: string | null; domainId: string | null }> {
  refuseUnsupported(input);
  const utm = await utmWithPreset(input.utm_preset_id, input.utm, utmOfPreset);
  const id = uuidv7();
  const domainId =
    input.domain_id ?? (input.domain === undefined ? undefined : await domainIdOf(input.domain));
  const ref = { id, workspace_id: workspaceId };
  const steps: CommandStep[] = [
    commandStep(
      createLinkCommand,
      defined({
        ...ref,
        destination_url: input.destination_url,
        slug: input.slug,
        domain_id: domainId,
        title: input.title,
        tags: input.tags,
        utm,
        folder_id: input.folder_id,
        note: input.note,
      }),
    ),
  ];
  const later = defined({
    starts_at: input.starts_at,
    expires_at: input.expires_at,
    rules: input.rules,
    destinations: input.destinations,
    social_preview: input.social_preview,
    ios_url: input.ios_url,
    android_url: input.android_url,
    expired_url: input.expired_url,
    max_clicks: input.max_clicks,
  });
  if (Object.keys(later).length > 0) steps.push(commandStep(updateLinkCommand, { ...ref, ...later }));
  // Write-only (D-615): the command hashes it; nothing returns it.
  if (input.password !== undefined && input.password !== null)
    steps.push(commandStep(setLinkPasswordCommand, { ...ref, password: input.password }));
  return { id, steps, slug: input.slug ?? null, domainId: domainId ?? null };
}

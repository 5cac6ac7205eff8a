import { createLink, updateLink } from '@linkhub/shared/mutators/links';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { uuidv7 } from '@linkhub/shared/server/db';
import type { CreateLinkInput } from '@linkhub/shared/schemas/links';
import { defined, type CommandStep, commandStep } from '../../http/run';
import { utmWithPreset, type UtmOfPreset } from '../utm-presets';

/** Fields the command layer has no command for yet: refused as input rather than silently dropped. */
export function refuseUnsupported(input: { publish?: boolean; expired_url?: string | null }): void {
  const details = [
    ...(input.publish === false ? [{ field: 'publish', issue: 'not_supported' }] : []),
    ...(input.expired_url !== undefined ? [{ field: 'expired_url', issue: 'not_supported' }] : []),
  ];
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
      createLink,
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
  });
  if (Object.keys(later).length > 0) steps.push(commandStep(updateLink, { ...ref, ...later }));
  return { id, steps, slug: input.slug ?? null, domainId: domainId ?? null };
}

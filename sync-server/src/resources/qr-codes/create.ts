import { uuidv7 } from '@linkhub/shared/server/db';
import { INLINE_LOGO_FIELD } from '@linkhub/shared/server/svg/logo';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { createQrCodeInputSchema, type CreateQrCodeInput } from '@linkhub/shared/schemas/qr-codes';
import type { DomainIdOf } from '../links';
import { commandStep, defined, type CommandStep } from '../../http/run';
import { createQrCodeCommand } from './commands';

/** The inline logo a refusal names, as the REST body spells it. */
export const apiDesignField = (field: string): string =>
  field === INLINE_LOGO_FIELD ? 'design.logo.source.data_url' : field;

/**
 * A `POST /v1/qr-codes` body as the createQrCode command the editor's mutator runs: the same step
 * for one code and for each item of `POST /v1/qr-codes/bulk`.
 */
export async function createQrCodeStep(
  workspaceId: string,
  input: CreateQrCodeInput,
  domainIdOf: DomainIdOf,
): Promise<{ id: string; step: CommandStep }> {
  const id = uuidv7();
  const domainId =
    input.domain_id ?? (input.domain === undefined ? undefined : await domainIdOf(input.domain));
  return {
    id,
    step: commandStep(
      createQrCodeCommand,
      defined({
        id,
        workspace_id: workspaceId,
        payload: input.payload,
        destination_url: input.destination_url,
        slug: input.slug,
        domain_id: domainId,
        title: input.title,
        design: input.design,
      }),
      apiDesignField,
    ),
  };
}

/** A create body (a brand kit's design already under it) parsed as `POST /v1/qr-codes` parses it. */
export function parseCreateBody(body: unknown): CreateQrCodeInput {
  const parsed = createQrCodeInputSchema.safeParse(body);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  return parsed.data;
}

import { SemanticError, ValidationError } from '@linkhub/shared/errors/app-error';
import { isStaticPayload, storedPayload, type QrPayload } from '@linkhub/shared/qr/payload/schema';

/** `qr_codes.payload`: NULL for a URL code (as every code made before payload types), else the payload. */
export function storedPayloadColumn(payload: QrPayload | undefined): string | null {
  return payload === undefined || payload.type === 'url' ? null : JSON.stringify(payload);
}

export type PayloadChange = {
  /** The payload the code has after the update. */
  payload: QrPayload;
  /** The printed symbol changes (a static code's data): the design is checked again with it. */
  symbolChanges: boolean;
  /** The code stops being a URL code: its destination goes (its last good one stays for the fallback chain). */
  dropsDestination: boolean;
};

/**
 * What an update does to a code's payload (D-572): a static code stays static and a dynamic one
 * dynamic (422 `qr_payload_kind_fixed`: the printed symbol would silently change); a destination
 * goes only with a URL code, and a code becoming a URL code needs one.
 */
export function payloadChange(
  before: { payload: unknown; destination_url: string | null },
  args: { payload?: QrPayload | undefined; destination_url?: string | undefined },
): PayloadChange {
  const current = storedPayload(before.payload);
  const next = args.payload ?? current;
  if (isStaticPayload(current) !== isStaticPayload(next))
    throw new SemanticError('qr_payload_kind_fixed', {
      details: [
        {
          field: 'payload.type',
          issue: 'kind_fixed',
          message: isStaticPayload(current)
            ? `This ${current.type} code is static: its data is printed in the symbol. Create a new QR code for a ${next.type} code.`
            : `This code is dynamic: what is printed is its short URL. Create a new QR code for a static ${next.type} code.`,
        },
      ],
    });
  if (next.type !== 'url' && args.destination_url !== undefined)
    throw new ValidationError([
      {
        field: 'destination_url',
        issue: 'not_applicable',
        message: `A ${next.type} code has no destination_url: its content is in payload.`,
      },
    ]);
  if (next.type === 'url' && before.destination_url === null && args.destination_url === undefined)
    throw new ValidationError([
      { field: 'destination_url', issue: 'required', message: 'A URL code needs a destination_url.' },
    ]);
  return {
    payload: next,
    symbolChanges: args.payload !== undefined && isStaticPayload(next),
    dropsDestination: next.type !== 'url',
  };
}

import { ValidationError } from '@linkhub/shared/errors/app-error';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { qrShortUrl } from '@linkhub/shared/qr/short-url';
import { assertScannable } from '@linkhub/shared/qr/validate';

/**
 * Validation before save (DESIGN §8): the design must parse, pass the contrast/quiet-zone/logo rules
 * and decode back to its short URL with a real decoder, or the save is refused with the fixes.
 * Uploaded logo images are not loaded here (the render job checks them against the real image).
 */
export async function assertPrintableDesign(host: string, slug: string, raw: unknown): Promise<void> {
  const parsed = qrDesignSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const error = ValidationError.fromZod(parsed.error);
    throw new ValidationError(error.details.map((d) => ({ ...d, field: `design.${d.field}` })));
  }
  await assertScannable(qrShortUrl(host, slug), parsed.data);
}

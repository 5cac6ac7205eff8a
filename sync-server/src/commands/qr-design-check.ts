import { uploadedLogoFor, type Queryable } from '@linkhub/shared/artifacts/logo-assets';
import type { ArtifactStore } from '@linkhub/shared/artifacts/store';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { qrShortUrl } from '@linkhub/shared/qr/short-url';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import { assertScannable } from '@linkhub/shared/qr/validate';

/** Where a design's uploaded logo comes from: the workspace's `uploaded_assets` rows and the artifact store. */
export type DesignLogoSource = {
  readonly db: Queryable;
  readonly store: ArtifactStore;
  readonly workspaceId: string;
  /** The address rule every export uses, so the check decodes the symbol that will be printed. */
  readonly addressOf: AddressOf;
};

/**
 * Validation before save (DESIGN §8): the design must parse, pass the contrast/quiet-zone/logo rules
 * and decode back to its short URL with a real decoder, or the save is refused with the fixes. An
 * uploaded logo is loaded and checked as the real image (a missing one is refused too).
 */
export async function assertPrintableDesign(
  host: string,
  slug: string,
  raw: unknown,
  logos: DesignLogoSource,
): Promise<void> {
  const parsed = qrDesignSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const error = ValidationError.fromZod(parsed.error);
    throw new ValidationError(error.details.map((d) => ({ ...d, field: `design.${d.field}` })));
  }
  const logoImage = await uploadedLogoFor(logos.db, logos.store, logos.workspaceId, parsed.data);
  await assertScannable(
    qrShortUrl(logos.addressOf, host, slug),
    parsed.data,
    logoImage === undefined ? {} : { logoImage },
  );
}

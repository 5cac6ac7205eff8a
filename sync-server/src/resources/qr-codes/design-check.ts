import type { SvgRasteriser } from '@linkhub/shared/server/artifacts/logo-upload';
import { uploadedLogoFor, type Queryable } from '@linkhub/shared/server/artifacts/logo-assets';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { qrDesignSchema, type QrDesign } from '@linkhub/shared/qr/design';
import { logoFromDataUrl, type LogoImage } from '@linkhub/shared/qr/logo';
import { qrShortUrl } from '@linkhub/shared/qr/short-url';
import { isStaticPayload, type QrPayload } from '@linkhub/shared/qr/payload/schema';
import { staticPayloadText } from '@linkhub/shared/qr/payload/static-text';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import { assertScannable } from '@linkhub/shared/server/qr/validate';
import { INLINE_LOGO_FIELD, logoAsRaster } from '@linkhub/shared/server/svg/logo';

/** Where a design's logo comes from: the workspace's `uploaded_assets` rows and the artifact store; an SVG logo is drawn by `rasteriseSvg`. */
export type DesignLogoSource = {
  readonly db: Queryable;
  readonly store: ArtifactStore;
  readonly workspaceId: string;
  /** The address rule every export uses, so the check decodes the symbol that will be printed. */
  readonly addressOf: AddressOf;
  /** The render pool's killable rasteriser on the server (D-480). */
  readonly rasteriseSvg: SvgRasteriser;
};

/**
 * The logo the scan check draws: an inline or stored SVG logo goes through the SVG policy and is
 * drawn to PNG in a render process first (D-480), so the check on this thread never draws user SVG.
 */
async function checkedLogo(design: QrDesign, logos: DesignLogoSource): Promise<LogoImage | undefined> {
  if (design.logo === null) return undefined;
  if (design.logo.source.kind === 'data_url')
    return logoAsRaster(logoFromDataUrl(design.logo.source.dataUrl), INLINE_LOGO_FIELD, logos.rasteriseSvg);
  const uploaded = await uploadedLogoFor(logos.db, logos.store, logos.workspaceId, design);
  return uploaded === undefined ? undefined : logoAsRaster(uploaded, 'design.logo', logos.rasteriseSvg);
}

/**
 * Validation before save (docs/product-rules.md#qr-codes): the design must parse, pass the contrast/quiet-zone/logo rules
 * and decode back to its short URL with a real decoder, or the save is refused with the fixes. An
 * uploaded logo is loaded and checked as the real image (a missing one is refused too). A static
 * code is checked with the text it encodes (D-570).
 */
export async function assertPrintableDesign(
  host: string,
  slug: string,
  raw: unknown,
  logos: DesignLogoSource,
  payload?: QrPayload,
): Promise<void> {
  const parsed = qrDesignSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const error = ValidationError.fromZod(parsed.error);
    throw new ValidationError(error.details.map((d) => ({ ...d, field: `design.${d.field}` })));
  }
  const logoImage = await checkedLogo(parsed.data, logos);
  await assertScannable(
    payload !== undefined && isStaticPayload(payload)
      ? staticPayloadText(payload)
      : qrShortUrl(logos.addressOf, host, slug),
    parsed.data,
    logoImage === undefined ? {} : { logoImage },
  );
}

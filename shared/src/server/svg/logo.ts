import type { SvgRasteriser } from '../artifacts/logo-upload';
import { ValidationError } from '../../errors/app-error';
import type { LogoImage } from '../../qr/logo';
import { assertSvgPolicy } from '../../svg/policy';

/** Where an inline logo sits in a QR design, as the API names it. */
export const INLINE_LOGO_FIELD = 'design.logo.source.dataUrl';

function svgText(logo: LogoImage, field: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(logo.bytes);
  } catch {
    throw new ValidationError([{ field, issue: 'unreadable_image', type: 'image/svg+xml' }], {
      message: 'The SVG logo is not UTF-8 text.',
    });
  }
}

/** Refuses an SVG logo the SVG policy refuses (D-480), naming `field`; PNG and JPEG logos pass. */
export function assertLogoWithinPolicy(logo: LogoImage | null | undefined, field: string): void {
  if (logo?.mime === 'image/svg+xml') assertSvgPolicy(svgText(logo, field), field);
}

/**
 * An SVG logo checked by the policy, then drawn to PNG by `rasterise` (on the server, in a render
 * process that is killed past its budget, D-480), so nothing later draws the SVG itself. PNG and
 * JPEG logos are returned as they are.
 */
export async function logoAsRaster(
  logo: LogoImage,
  field: string,
  rasterise: SvgRasteriser,
): Promise<LogoImage> {
  if (logo.mime !== 'image/svg+xml') return logo;
  const text = svgText(logo, field);
  assertSvgPolicy(text, field);
  return { mime: 'image/png', bytes: (await rasterise(text, field)).bytes };
}

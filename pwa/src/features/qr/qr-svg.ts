import { qrDesignSchema, type QrDesign } from '@linkhub/shared/qr/design';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';

/** The stored design with defaults applied (an unreadable stored value falls back to the defaults). */
export function designOf(stored: Record<string, unknown>): QrDesign {
  const parsed = qrDesignSchema.safeParse(stored);
  return parsed.success ? parsed.data : qrDesignSchema.parse({});
}

/**
 * The design the editor can draw by itself: an uploaded-asset logo lives on the server, so the
 * local preview and SVG leave it out (the knocked-out area stays clear); data-URL logos are drawn.
 */
export function locallyDrawable(design: QrDesign): { design: QrDesign; logoLeftOut: boolean } {
  if (design.logo === null || design.logo.source.kind === 'data_url') return { design, logoLeftOut: false };
  return { design: { ...design, logo: null }, logoLeftOut: true };
}

/** The exact SVG the print renderer draws (same scene), for the preview and the SVG export. */
export function qrSvg(shortUrl: string, design: QrDesign, sizeMm = 40): string {
  const { scene, logo } = prepareQr(shortUrl, locallyDrawable(design).design);
  const height = (sizeMm * scene.height) / scene.width;
  return sceneToSvg(scene, logo, { width: `${sizeMm}mm`, height: `${height}mm` });
}

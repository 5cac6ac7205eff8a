import { qrDesignSchema, type QrDesign } from '@linkhub/shared/qr/design';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import type { LabelFontOutlines } from '@linkhub/shared/qr/label/metrics';
import { loadLabelOutlines } from '@linkhub/shared/qr/label/outlines';
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';
import { useEffect, useState } from 'react';

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

/**
 * The exact SVG the print renderer draws (same scene, the label as the same glyph outlines), for
 * the preview and the SVG export. `outlines` is the lazily loaded glyph table (`null` while it loads:
 * the label is left out for that moment).
 */
export function qrSvg(
  shortUrl: string,
  design: QrDesign,
  outlines: LabelFontOutlines | null,
  sizeMm = 40,
): string {
  const { scene, logo } = prepareQr(shortUrl, locallyDrawable(design).design);
  const height = (sizeMm * scene.height) / scene.width;
  return sceneToSvg(scene, logo, { width: `${sizeMm}mm`, height: `${height}mm` }, outlines);
}

/** The label glyph table, loaded on first use (it is its own chunk, kept out of the screen's JS). */
export function useLabelOutlines(): LabelFontOutlines | null {
  const [outlines, setOutlines] = useState<LabelFontOutlines | null>(null);
  useEffect(() => {
    let live = true;
    void loadLabelOutlines().then((o) => {
      if (live) setOutlines(o);
    });
    return () => {
      live = false;
    };
  }, []);
  return outlines;
}

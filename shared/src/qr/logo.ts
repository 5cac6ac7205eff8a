import type { QrDesign } from './design';

export type LogoImage = { readonly mime: 'image/png' | 'image/jpeg' | 'image/svg+xml'; readonly bytes: Uint8Array };

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([A-Za-z0-9+/=]+)$/;

export function logoFromDataUrl(dataUrl: string): LogoImage {
  const m = DATA_URL.exec(dataUrl);
  const mime = m?.[1];
  if (m === null || (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/svg+xml')) {
    throw new TypeError('logo is not a base64 PNG, JPEG or SVG data URL');
  }
  return { mime, bytes: Buffer.from(m[2] ?? '', 'base64') };
}

export function logoToDataUrl(logo: LogoImage): string {
  return `data:${logo.mime};base64,${Buffer.from(logo.bytes).toString('base64')}`;
}

/**
 * The logo bytes a design needs: decoded from its data URL, or the uploaded asset the caller has
 * already loaded (`provided`). A design naming an asset nobody loaded is a programming error.
 */
export function resolveLogo(design: QrDesign, provided?: LogoImage): LogoImage | null {
  if (design.logo === null) return null;
  if (design.logo.source.kind === 'data_url') return logoFromDataUrl(design.logo.source.dataUrl);
  if (provided === undefined) throw new TypeError(`logo asset ${design.logo.source.assetId} was not loaded`);
  return provided;
}

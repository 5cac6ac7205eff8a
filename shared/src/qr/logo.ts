import type { QrDesign } from './design';

export type LogoImage = {
  readonly mime: 'image/png' | 'image/jpeg' | 'image/svg+xml';
  readonly bytes: Uint8Array;
};

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([A-Za-z0-9+/=]+)$/;

export function logoFromDataUrl(dataUrl: string): LogoImage {
  const m = DATA_URL.exec(dataUrl);
  const mime = m?.[1];
  if (m === null || (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/svg+xml')) {
    throw new TypeError('logo is not a base64 PNG, JPEG or SVG data URL');
  }
  const binary = atob(m[2] ?? '');
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return { mime, bytes };
}

/** Base64 without Node's Buffer, so the SVG preview also runs in the editor (PWA). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function logoToDataUrl(logo: LogoImage): string {
  return `data:${logo.mime};base64,${toBase64(logo.bytes)}`;
}

/**
 * The logo bytes a design needs: the image the caller has already loaded or prepared (`provided`:
 * the uploaded asset, or an inline SVG logo already drawn to PNG), else decoded from the design's
 * data URL. A design naming an asset nobody loaded is a programming error.
 */
export function resolveLogo(design: QrDesign, provided?: LogoImage): LogoImage | null {
  if (design.logo === null) return null;
  if (provided !== undefined) return provided;
  if (design.logo.source.kind === 'data_url') return logoFromDataUrl(design.logo.source.dataUrl);
  throw new TypeError(`logo asset ${design.logo.source.assetId} was not loaded`);
}

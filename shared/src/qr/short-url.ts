/**
 * The public URL a QR code encodes: the bare `https://{host}/{slug}` (spec §4.4.1, no `/q/`
 * prefix). `shortQrText` then upper-cases host and slug for the symbol.
 */
export function qrShortUrl(hostname: string, slug: string): string {
  return `https://${hostname}/${encodeURIComponent(slug)}`;
}

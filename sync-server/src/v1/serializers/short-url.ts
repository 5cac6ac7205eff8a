import { qrShortUrl } from '@linkhub/shared/qr/short-url';

/** The public address of a slug on a host (the edge answers https; QR codes encode the same form). */
export const shortUrlOf = (hostname: string, slug: string): string => qrShortUrl(hostname, slug);

export const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

import type { AddressOf } from '@linkhub/shared/url/public-address';

/**
 * The address a person opens for a slug on a host: https on a production host; on the dev stack's
 * `*.localhost` hosts, the local edge's scheme and port, so what the API answers opens.
 */
export const shortUrlOf = (addressOf: AddressOf, hostname: string, slug: string): string =>
  addressOf(hostname, encodeURIComponent(slug));

export const iso = (value: Date | null): string | null => (value === null ? null : value.toISOString());

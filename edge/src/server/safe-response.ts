import { validateHeaderValue } from 'node:http';
import { normalizeUrl } from '@linkhub/shared/url/normalize-url';
import type { EdgeResponse } from '../routes/respond';

/**
 * The last guard before node:http writes a Hono response (ARCHITECTURE.md#rules-that-hold-at-every-door: no stored byte can make a
 * header invalid): a Location Node would refuse is re-encoded by the URL rules; any other header
 * it would refuse makes the response unsendable (null), and the caller answers its fallback.
 */
function isValidHeader(name: string, value: string): boolean {
  try {
    validateHeaderValue(name, value);
    return true;
  } catch {
    return false;
  }
}

export function headerSafeResponse(response: Response): Response | null {
  let repaired: Headers | null = null;
  for (const [name, value] of response.headers) {
    if (isValidHeader(name, value)) continue;
    const location = name === 'location' ? normalizeUrl(value) : null;
    if (location === null) return null;
    repaired ??= new Headers(response.headers);
    repaired.set(name, location);
  }
  return repaired === null
    ? response
    : new Response(response.body, {
        status: response.status,
        statusText: response.statusText,
        headers: repaired,
      });
}

export function toWebResponse(response: EdgeResponse): Response {
  return new Response(response.body, { status: response.status, headers: response.headers });
}

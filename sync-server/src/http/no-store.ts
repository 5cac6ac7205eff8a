import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

/**
 * Answers of the session and API doors hold a person's data (their account, their workspace, their
 * leads): no browser or proxy cache may keep them. Every JSON answer that names no caching of its
 * own gets `Cache-Control: no-store`, errors included; an answer that chose its own (a QR image, an
 * asset) keeps it.
 */
export function noStoreJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.res.headers.has('Cache-Control')) return;
    const type = c.res.headers.get('Content-Type') ?? '';
    if (!type.startsWith('application/json')) return;
    try {
      c.res.headers.set('Cache-Control', 'no-store');
    } catch {
      // An answer with immutable headers (one passed through from fetch): the same answer, copied.
      const copy = new Response(c.res.body, c.res);
      copy.headers.set('Cache-Control', 'no-store');
      c.res = copy;
    }
  };
}

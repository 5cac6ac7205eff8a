import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** A caller's id is kept when it is short and plain (so logs can be joined across services). */
const ACCEPTABLE_ID = /^[\w.:-]{8,64}$/;

export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`;
}

/** Gives every request an id: `c.get('requestId')`, echoed in `X-Request-Id` and in every error envelope. */
export function requestId(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header(REQUEST_ID_HEADER);
    const id = incoming && ACCEPTABLE_ID.test(incoming) ? incoming : newRequestId();
    c.set('requestId', id);
    c.header(REQUEST_ID_HEADER, id);
    await next();
  };
}

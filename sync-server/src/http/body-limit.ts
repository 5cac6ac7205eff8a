import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { PayloadTooLargeError } from '@linkhub/shared/errors/app-error';
import { MAX_IMPORT_BYTES } from '@linkhub/shared/imports/api';
import type { AppEnv } from './app-env';

/** Largest request body on every route but the three below: a page with its 200 blocks fits; more is 413 request_too_large. */
export const MAX_BODY_BYTES = 256 * 1024;
/** An upload: the largest photo file (`PHOTO_MAX_BYTES`, 15 MiB) with room for a multipart envelope around it. */
export const MAX_UPLOAD_BODY_BYTES = 16 * 1024 * 1024;
/** A Replicache push: a batch of queued offline mutations, each within MAX_BODY_BYTES. */
export const MAX_PUSH_BODY_BYTES = 1024 * 1024;
/** An import: another product's export (MAX_IMPORT_BYTES) as a JSON string, whose escaping can double a JSON file's size. */
export const MAX_IMPORT_BODY_BYTES = 2 * MAX_IMPORT_BYTES + 64 * 1024;

/** The body limit of one request, by method and path: the one rule every route follows. */
export function bodyLimitFor(method: string, path: string): number {
  if (method === 'POST' && /^\/v1\/assets\/?$/.test(path)) return MAX_UPLOAD_BODY_BYTES;
  if (method === 'POST' && /^\/replicache\/push\/?$/.test(path)) return MAX_PUSH_BODY_BYTES;
  if (method === 'POST' && /^\/v1\/imports\/?$/.test(path)) return MAX_IMPORT_BODY_BYTES;
  return MAX_BODY_BYTES;
}

function limiterOf(maxSize: number): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new PayloadTooLargeError({
        message: `The request body is larger than ${maxSize} bytes.`,
        details: [{ field: 'body', issue: 'too_large', maximum: maxSize }],
      });
    },
  });
}

/**
 * Mounted on the app before every route, so it runs before any session or key lookup: a declared
 * `Content-Length` over the limit is refused unread; a streamed body is read only up to the limit.
 */
export function requestBodyLimit(): MiddlewareHandler<AppEnv> {
  const limiters = new Map(
    [MAX_BODY_BYTES, MAX_UPLOAD_BODY_BYTES, MAX_PUSH_BODY_BYTES, MAX_IMPORT_BODY_BYTES].map((size) => [
      size,
      limiterOf(size),
    ]),
  );
  return (c, next) => {
    const limit = bodyLimitFor(c.req.method, c.req.path);
    const limiter = limiters.get(limit) ?? limiterOf(limit);
    return limiter(c, next);
  };
}

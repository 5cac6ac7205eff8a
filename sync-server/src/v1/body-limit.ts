import { bodyLimit } from 'hono/body-limit';
import type { MiddlewareHandler } from 'hono';
import { PayloadTooLargeError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../app-env';

/** Largest /v1 request body: a page with its 200 blocks fits; anything bigger is 413 request_too_large. */
export const MAX_BODY_BYTES = 256 * 1024;

export function v1BodyLimit(): MiddlewareHandler<AppEnv> {
  return bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: () => {
      throw new PayloadTooLargeError({
        message: `The request body is larger than ${MAX_BODY_BYTES} bytes.`,
        details: [{ field: 'body', issue: 'too_large', maximum: MAX_BODY_BYTES }],
      });
    },
  });
}

import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  type AppError,
  AuthenticationError,
  InternalError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@linkhub/shared/errors/app-error';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { AppEnv } from './app-env';
import { newRequestId } from './request-id';

/** Hono's own HTTPExceptions (body limit, malformed JSON…) become the AppError with the same meaning. */
function fromHttpException(error: HTTPException): AppError {
  switch (error.status) {
    case 400:
      return new ValidationError([{ field: 'body', issue: 'malformed' }], {
        message: 'The request body could not be read.',
      });
    case 401:
      return new AuthenticationError();
    case 404:
      return new NotFoundError();
    case 413:
      return new PayloadTooLargeError();
    case 415:
      return new UnsupportedMediaTypeError();
    default:
      return new InternalError({ cause: error });
  }
}

/** Sends the one error envelope (docs/product-rules.md#errors) for any thrown value. */
export function sendError(c: Context<AppEnv>, error: unknown, logger: Logger): Response {
  const requestId = c.get('requestId') ?? newRequestId();
  const normalised = error instanceof HTTPException ? fromHttpException(error) : error;
  const { status, body } = toErrorEnvelope(normalised, requestId);
  if (status >= 500) logger.error({ err: error, request_id: requestId }, 'request failed');
  if (normalised instanceof RateLimitError) c.header('Retry-After', String(normalised.retryAfterSeconds));
  return c.json(body, status as ContentfulStatusCode);
}

export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (error, c) => sendError(c, error, logger);
}

/** Unknown routes: a 404 envelope naming the method and path. */
export function notFoundHandler(logger: Logger): NotFoundHandler<AppEnv> {
  return (c) =>
    sendError(
      c,
      new NotFoundError({
        message: `No route for ${c.req.method} ${c.req.path}.`,
        details: [{ field: 'path', issue: 'unknown_route' }],
      }),
      logger,
    );
}

import type { MiddlewareHandler } from 'hono';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { AppEnv } from './app-env';

/** One line per request: method, path (no query string: it may carry tokens), status, duration. */
export function accessLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    logger.info(
      {
        request_id: c.get('requestId'),
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  };
}

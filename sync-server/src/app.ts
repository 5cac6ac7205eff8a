import { Hono } from 'hono';
import type { AppDeps } from './http/app-deps';
import type { AppEnv } from './http/app-env';
import { requestId } from './http/request-id';
import { requestMetrics } from './platform/prometheus';
import { accessLog } from './http/access-log';
import { errorHandler, notFoundHandler } from './http/error-handler';
import { csrfProtection, originOf } from './http/csrf';
import { mountRoutes } from './tables/routes';
import { noStoreJson } from './http/no-store';
import { pwaStatic } from './http/pwa-static';
import { requestBodyLimit } from './http/body-limit';

export type { AppEnv } from './http/app-env';

/** The desktop app's renderer origin (desktop/src/protocol.ts APP_ORIGIN); its API proxy drops Origin anyway. */
const DESKTOP_APP_ORIGIN = 'app://linkhub';
/** Every door a cookie session can reach (webhooks carry no cookie and stay open to their senders). */
const CSRF_PROTECTED_PATHS = ['/api/*', '/replicache/*', '/v1/*'] as const;

/** The sync-server as a value: no ports, no globals; main.ts wires it to real PostgreSQL and Redis. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', requestMetrics(deps.prometheus));
  app.use('*', requestId());
  app.use('*', accessLog(deps.logger));
  app.onError(errorHandler(deps.logger));
  app.notFound(notFoundHandler(deps.logger));
  // Before every route, so no body is read past its limit and no session is looked up for one.
  app.use('*', requestBodyLimit());
  const csrf = csrfProtection([
    originOf(deps.config.PUBLIC_SYNC_URL),
    originOf(deps.config.PUBLIC_PWA_URL),
    DESKTOP_APP_ORIGIN,
  ]);
  // Outside the cross-site refusal, so its answer is not kept by a cache either.
  for (const path of CSRF_PROTECTED_PATHS) app.use(path, noStoreJson());
  for (const path of CSRF_PROTECTED_PATHS) app.use(path, csrf);
  mountRoutes(app, deps);
  const pwa = pwaStatic(deps.config.PWA_DIST, deps.config.PUBLIC_EDGE_URL);
  if (pwa) app.get('*', pwa);
  return app;
}

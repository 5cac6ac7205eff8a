import type { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../app-env';
import { healthzRoutes } from './healthz';

/**
 * Every route group of the sync-server, mounted in this order. To add one: write
 * `routes/<group>.ts` exporting `(deps) => new Hono<AppEnv>()…` and add a line here.
 */
export const ROUTE_GROUPS: ReadonlyArray<{
  readonly base: string;
  readonly create: (deps: AppDeps) => Hono<AppEnv>;
}> = [{ base: '/', create: healthzRoutes }];

export function mountRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const group of ROUTE_GROUPS) app.route(group.base, group.create(deps));
}

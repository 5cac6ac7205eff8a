import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { AppDeps } from '../http/app-deps';
import { buildOpenApiDocument } from './openapi-document';
import { DOCS_HTML } from './docs-page';

/** `/v1/openapi.json` (generated once per process from the shared zod schemas) and `/v1/docs`. */
export function v1OpenApiRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  let document: Record<string, unknown> | null = null;
  app.get('/openapi.json', (c) => {
    document ??= buildOpenApiDocument(deps.config.PUBLIC_SYNC_URL.replace(/\/$/, ''));
    return c.json(document);
  });
  app.get('/docs', (c) => {
    c.header(
      'Content-Security-Policy',
      "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; img-src data:",
    );
    return c.html(DOCS_HTML);
  });
  return app;
}

import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import type { AppDeps } from '../http/app-deps';
import { v1Idempotency } from '../http/idempotency';
import { v1RateLimit } from '../http/rate-limit';
import { v1AssetRoutes } from '../resources/assets/routes';
import { v1DomainRoutes } from '../resources/domains/routes';
import { v1ExperimentRoutes } from '../resources/experiments/routes';
import { v1ConversionRoutes } from '../resources/experiments/conversion-routes';
import { v1LeadRoutes } from '../resources/leads/routes';
import { v1ImportRoutes } from '../resources/imports/routes';
import { v1LinkRoutes } from '../resources/links/routes';
import { v1OpenApiRoutes } from './openapi-routes';
import { v1PageRoutes } from '../resources/pages/routes';
import { v1QrRoutes } from '../resources/qr-codes/routes';
import { v1BrandKitRoutes } from '../resources/qr-codes/brand-kit-routes';
import { v1WebhookRoutes } from '../resources/webhooks/routes';
import { v1FolderRoutes } from '../resources/folders/routes';
import { v1UtmPresetRoutes } from '../resources/utm-presets/routes';

/**
 * `/v1` (docs/product-rules.md#api). Every request: body limit (app-wide, `requestBodyLimit`, 413), rate limit per key or per IP (429), then
 * Idempotency-Key on POST; then the resource routes. Mounted before `/v1/analytics`, so the same
 * limits cover it.
 */
export function v1Routes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.use('*', v1RateLimit(deps));
  app.use('*', v1Idempotency(deps));
  app.route('/', v1OpenApiRoutes(deps));
  app.route('/links', v1LinkRoutes(deps));
  app.route('/imports', v1ImportRoutes(deps));
  app.route('/qr-codes', v1QrRoutes(deps));
  app.route('/brand-kits', v1BrandKitRoutes(deps));
  app.route('/pages', v1PageRoutes(deps));
  app.route('/domains', v1DomainRoutes(deps));
  app.route('/assets', v1AssetRoutes(deps));
  app.route('/leads', v1LeadRoutes(deps));
  app.route('/experiments', v1ExperimentRoutes(deps));
  app.route('/conversions', v1ConversionRoutes(deps));
  app.route('/webhooks', v1WebhookRoutes(deps));
  app.route('/folders', v1FolderRoutes(deps));
  app.route('/utm-presets', v1UtmPresetRoutes(deps));
  return app;
}

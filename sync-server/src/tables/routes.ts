import type { Hono } from 'hono';
import type { AppDeps } from '../http/app-deps';
import type { AppEnv } from '../http/app-env';
import { healthzRoutes } from '../http/healthz';
import { authRoutes } from '../resources/account/auth-routes';
import { meRoutes } from '../resources/account/me-routes';
import { sessionRoutes } from '../resources/account/session-routes';
import { twoFactorRoutes } from '../resources/account/two-factor-routes';
import { workspaceRoutes } from '../resources/workspaces/routes';
import { memberRoutes } from '../resources/workspaces/member-routes';
import { invitationAcceptRoutes, invitationRoutes } from '../resources/workspaces/invitation-routes';
import { grantRoutes } from '../resources/workspaces/grant-routes';
import { auditRoutes } from '../resources/workspaces/audit-routes';
import { apiKeyRoutes } from '../resources/workspaces/api-key-routes';
import { analyticsRoutes } from '../resources/analytics/routes';
import { pageVersionRoutes } from '../resources/pages/version-routes';
import { pageShareCardRoutes } from '../resources/pages/share-card-routes';
import { historyRoutes } from '../resources/history/routes';
import { qrExportRoutes } from '../resources/qr-codes/export-routes';
import { leadLinkRoutes } from '../resources/leads/lead-link-routes';
import { v1Routes } from './v1-routes';
import { replicacheRoutes } from '../http/replicache-routes';
import { stripeWebhookRoutes } from '../resources/billing/webhook-route';
import { billingRoutes } from '../resources/billing/routes';
import { sharePageRoutes } from '../resources/analytics/share-routes';

/**
 * Every route group of the sync-server, mounted in this order. To add one: write
 * `routes/<group>.ts` exporting `(deps) => new Hono<AppEnv>()…` and add a line here.
 */
export const ROUTE_GROUPS: ReadonlyArray<{
  readonly base: string;
  readonly create: (deps: AppDeps) => Hono<AppEnv>;
}> = [
  { base: '/', create: healthzRoutes },
  { base: '/api/auth', create: authRoutes },
  { base: '/api', create: meRoutes },
  { base: '/api/sessions', create: sessionRoutes },
  { base: '/api/2fa', create: twoFactorRoutes },
  { base: '/api/workspaces', create: workspaceRoutes },
  { base: '/api/workspaces', create: memberRoutes },
  { base: '/api/workspaces', create: invitationRoutes },
  { base: '/api/invitations', create: invitationAcceptRoutes },
  { base: '/api/leads', create: leadLinkRoutes },
  { base: '/api/workspaces', create: grantRoutes },
  { base: '/api/workspaces', create: auditRoutes },
  { base: '/api/workspaces', create: apiKeyRoutes },
  { base: '/api/workspaces', create: pageVersionRoutes },
  { base: '/api/workspaces', create: pageShareCardRoutes },
  { base: '/api/workspaces', create: historyRoutes },
  { base: '/api/workspaces', create: qrExportRoutes },
  { base: '/api/workspaces', create: billingRoutes },
  { base: '/v1', create: v1Routes },
  { base: '/v1/analytics', create: analyticsRoutes },
  { base: '/', create: replicacheRoutes },
  { base: '/webhooks', create: stripeWebhookRoutes },
  { base: '/share', create: sharePageRoutes },
];

export function mountRoutes(app: Hono<AppEnv>, deps: AppDeps): void {
  for (const group of ROUTE_GROUPS) app.route(group.base, group.create(deps));
}

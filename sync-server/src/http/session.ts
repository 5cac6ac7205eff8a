import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { AuthenticationError, AuthorizationError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from './app-env';
import type { AppDeps } from './app-deps';
import { SESSION_COOKIE, isSessionToken } from '../identity/session-token';
import { isApiKeyToken } from '../identity/api-key-token';
import { resolveSession } from '../identity/sessions';
import { userActor, type RequestActor } from '../identity/actor';
import { resolveApiKeyActor } from './api-key';

/**
 * Actor resolution for every sync-server door: the `lh_session` cookie (PWA), `Authorization: Bearer
 * lhs_…` (desktop app, CLI) or `Authorization: Bearer lh_…` (API keys). Resolved once per request
 * and memoised on the request object.
 */
const resolved = new WeakMap<Request, Promise<RequestActor | null>>();

export function bearerToken(c: Context<AppEnv>): string | null {
  const header = c.req.header('Authorization');
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** The raw session token of the request (bearer first, then cookie), if any. */
export function sessionTokenOf(c: Context<AppEnv>): string | null {
  const bearer = bearerToken(c);
  if (bearer !== null && isSessionToken(bearer)) return bearer;
  const cookie = getCookie(c, SESSION_COOKIE);
  return cookie !== undefined && isSessionToken(cookie) ? cookie : null;
}

async function resolve(c: Context<AppEnv>, deps: AppDeps): Promise<RequestActor | null> {
  const bearer = bearerToken(c);
  if (bearer !== null && isApiKeyToken(bearer)) return resolveApiKeyActor(deps, bearer);
  const token = sessionTokenOf(c);
  if (token === null) return null;
  const found = await resolveSession(deps.pool, token);
  if (!found || found.user.status === 'deleted') return null;
  return userActor(found.user, found.session);
}

/** The request's actor, or null when it carries no valid credentials. */
export function actorOf(c: Context<AppEnv>, deps: AppDeps): Promise<RequestActor | null> {
  const cached = resolved.get(c.req.raw);
  if (cached) return cached;
  const pending = resolve(c, deps);
  resolved.set(c.req.raw, pending);
  return pending;
}

/** The signed-in user (session actors only: account routes are dashboard-only), or 401. */
export async function requireUser(
  c: Context<AppEnv>,
  deps: AppDeps,
): Promise<RequestActor & { kind: 'user' }> {
  const actor = await actorOf(c, deps);
  if (actor === null || actor.kind !== 'user') throw new AuthenticationError('unauthenticated');
  return actor;
}

/**
 * The user behind an actor `authorize()` has already allowed; an API key reaching a dashboard-only
 * route (one authorize() lets through because the matrix row has an API scope) is refused here.
 */
export function sessionUserOf(actor: RequestActor | null): RequestActor & { kind: 'user' } {
  if (actor === null) throw new AuthenticationError('unauthenticated');
  if (actor.kind !== 'user') throw new AuthorizationError('action_not_available_to_api_key');
  return actor;
}

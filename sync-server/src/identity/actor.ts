import type { Actor } from '@linkhub/shared/permissions/authorize';
import type { ApiKeyRow } from './api-keys';
import type { SessionRow } from './sessions';
import type { UserRow } from './users';

/**
 * Who is asking, as resolved from the request (session cookie, session bearer token, or API key),
 * with the rows behind it. `actor` is exactly what `authorize()` takes.
 */
export type RequestActor =
  | { kind: 'user'; actor: Actor & { kind: 'user' }; user: UserRow; session: SessionRow }
  | { kind: 'api_key'; actor: Actor & { kind: 'api_key' }; apiKey: ApiKeyRow };

export function userActor(user: UserRow, session: SessionRow): RequestActor {
  return {
    kind: 'user',
    user,
    session,
    actor: {
      kind: 'user',
      user: {
        id: user.id,
        email_verified: user.email_verified_at !== null,
        suspended: user.status === 'suspended',
      },
      session: {
        two_factor_satisfied: session.mfa_verified_at !== null,
        reauthenticated_at: session.reauthenticated_at,
      },
    },
  };
}

export function apiKeyActor(apiKey: ApiKeyRow, now: Date = new Date()): RequestActor {
  const expired = apiKey.expires_at !== null && apiKey.expires_at <= now;
  return {
    kind: 'api_key',
    apiKey,
    actor: {
      kind: 'api_key',
      api_key: {
        id: apiKey.id,
        workspace_id: apiKey.workspace_id,
        scopes: apiKey.scopes,
        revoked: apiKey.revoked_at !== null || expired,
      },
    },
  };
}

/** The audit-log actor for a request actor. */
export function auditActorOf(
  a: RequestActor,
): { type: 'user'; userId: string } | { type: 'api_key'; apiKeyId: string; userId: string | null } {
  return a.kind === 'user'
    ? { type: 'user', userId: a.user.id }
    : { type: 'api_key', apiKeyId: a.apiKey.id, userId: a.apiKey.created_by_user_id };
}

import type { qrCodes } from '@linkhub/shared/server/db/schema/qr-codes';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { Context } from 'hono';
import { AuthenticationError, NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import type { Action, TargetType } from '@linkhub/shared/permissions/matrix';
import type { AppEnv } from './app-env';
import type { AppDeps } from './app-deps';
import { actorOf } from './session';
import type { RequestActor } from '../identity/actor';
import { one } from '@linkhub/shared/server/db/sql';
import { loadAuthorizeInput, type ResourceRef } from '../kernel/authorization';
import { commandActorOf, type CommandActor } from '../kernel/types';

/** The caller of a /v1 route: an API key, bound to one workspace, acting with its creator's membership. */
export type V1Caller = { by: CommandActor; workspaceId: string; apiKeyId: string | null };

export async function v1Caller(c: Context<AppEnv>, deps: AppDeps): Promise<V1Caller> {
  const actor = await actorOf(c, deps);
  if (actor === null || actor.kind !== 'api_key')
    throw new AuthenticationError('unauthenticated', {
      message: 'The /v1 API takes an API key: Authorization: Bearer lh_….',
    });
  return {
    by: commandActorOf(actor),
    workspaceId: actor.apiKey.workspace_id,
    apiKeyId: actor.apiKey.id,
  };
}

/**
 * The print export of one QR code: an API key, or the editor's signed-in user (session cookie or
 * bearer session token). A session addresses the code's own workspace; authorize() then decides as for
 * a key, so a user who is not a member of it gets the same 404 as for a missing code.
 */
export async function qrRenderCaller(c: Context<AppEnv>, deps: AppDeps, qrId: string): Promise<V1Caller> {
  const actor = await actorOf(c, deps);
  if (actor === null || actor.kind === 'api_key') return v1Caller(c, deps);
  const row = await one<RowOf<typeof qrCodes, 'workspaceId'>>(
    deps.pool,
    'SELECT workspace_id FROM qr_codes WHERE id = $1 AND deleted_at IS NULL',
    [qrId],
  );
  if (!row) throw new NotFoundError();
  return { by: commandActorOf(actor), workspaceId: row.workspace_id, apiKeyId: null };
}

/** Any valid credentials (an API key or a session), or 401: checked before a body is read. */
export async function requireActor(c: Context<AppEnv>, deps: AppDeps): Promise<RequestActor> {
  const actor = await actorOf(c, deps);
  if (actor === null)
    throw new AuthenticationError('unauthenticated', {
      message:
        'The /v1 API takes an API key (Authorization: Bearer lh_…) or, where the editor calls it, a session.',
    });
  return actor;
}

/**
 * A /v1 route the editor also calls (bulk link import): an API key, or the signed-in user (session
 * cookie or bearer session token) naming the workspace. A key may leave `workspaceId` out; naming
 * another workspace than its own is the same 404 as a missing one. Whether a user may act in the
 * workspace is authorize()'s to say, as for every command.
 */
export async function keyOrSessionCaller(
  c: Context<AppEnv>,
  deps: AppDeps,
  workspaceId: string | undefined,
): Promise<V1Caller> {
  const actor = await requireActor(c, deps);
  if (actor.kind === 'api_key') {
    const caller = await v1Caller(c, deps);
    if (workspaceId !== undefined && workspaceId.toLowerCase() !== caller.workspaceId)
      throw new NotFoundError();
    return caller;
  }
  if (workspaceId === undefined)
    throw new ValidationError([{ field: 'workspace_id', issue: 'required' }], {
      message: 'workspace_id is required when signed in (an API key knows its workspace).',
    });
  return { by: commandActorOf(actor), workspaceId: workspaceId.toLowerCase(), apiKeyId: null };
}

/**
 * Which rows of a list the caller may see: all of the workspace, or (scoped members) only granted
 * ids — and, for links and folders, what the granted folders hold (D-622).
 */
export type ReadScope = { workspaceId: string; grantedIds: string[] | null; grantedFolderIds?: string[] };

/**
 * Reads go through the same authorize() as commands (workspace binding, scope gate, inherited role,
 * forbidden domains, grants). A list additionally learns whether the member is scoped.
 */
export async function authorizeRead(
  deps: AppDeps,
  caller: V1Caller,
  action: Action,
  listed: TargetType,
  ref?: ResourceRef,
): Promise<ReadScope> {
  const input = await loadAuthorizeInput(deps.pool, caller.by, action, caller.workspaceId, ref);
  assertAllowed(authorize(input));
  const member = input.membership;
  const scoped = member !== null && member.role !== 'owner' && member.grants.length > 0;
  const granted = (type: string) =>
    scoped ? member.grants.filter((g) => g.resource_type === type).map((g) => g.resource_id) : [];
  return {
    workspaceId: caller.workspaceId,
    grantedIds: scoped ? granted(listed) : null,
    grantedFolderIds: granted('folder'),
  };
}

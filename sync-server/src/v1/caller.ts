import type { Context } from 'hono';
import { AuthenticationError } from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import type { Action, TargetType } from '@linkhub/shared/permissions/matrix';
import type { AppEnv } from '../app-env';
import type { AppDeps } from '../deps';
import { actorOf } from '../middleware/session';
import { loadAuthorizeInput, type ResourceRef } from '../commands/authorization';
import { commandActorOf, type CommandActor } from '../commands/types';

/** The caller of a /v1 route: an API key, bound to one workspace, acting with its creator's membership. */
export type V1Caller = { by: CommandActor; workspaceId: string; apiKeyId: string };

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

/** Which rows of a list the caller may see: all of the workspace, or (scoped members) only granted ids. */
export type ReadScope = { workspaceId: string; grantedIds: string[] | null };

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
  return {
    workspaceId: caller.workspaceId,
    grantedIds: scoped
      ? member.grants.filter((g) => g.resource_type === listed).map((g) => g.resource_id)
      : null,
  };
}

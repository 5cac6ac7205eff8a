import { authorize, type AuthorizeInput } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import { MATRIX, type Action } from '@linkhub/shared/permissions/matrix';
import { actionsOf, type MutatorDefinition } from '@linkhub/shared/mutators/define';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { z } from 'zod';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import {
  loadAuthorizeInput as loadForRequest,
  type CommandAuthorizeInput,
  type LoadOptions,
  type ResourceRef,
} from './authorize-input';
import type { WebhookListener } from './webhook-listeners';
import type { BatchMemo } from './batch-memo';
import type { AuthorizedMember, CommandActor } from './types';

export type { ResourceRef } from './authorize-input';

/**
 * The authorize() input for a command, loaded by the one loader every door uses
 * (kernel/authorize-input.ts: workspace incl. 2FA policy and billing, membership and grants,
 * resource state, quota usage incl. pending invitations).
 */
export async function loadAuthorizeInput(
  db: Queryable,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resourceRef?: ResourceRef,
  extra: Pick<AuthorizeInput, 'uses_features' | 'requested_role'> = {},
  options: LoadOptions = {},
): Promise<CommandAuthorizeInput> {
  const { membershipRow: _row, ...context } = await loadForRequest(
    db,
    by.request,
    workspaceId,
    resourceRef ?? null,
    action,
    options,
  );
  const needsResource = MATRIX[action].target !== undefined;
  return {
    ...context,
    action,
    resource: needsResource ? (context.resource ?? null) : context.resource,
    ...extra,
  };
}

/** The one gate every command passes: load, authorize, throw the denial as the envelope's error. */
export async function authorizeCommand(
  db: Queryable,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resourceRef?: ResourceRef,
  extra?: Pick<AuthorizeInput, 'uses_features' | 'requested_role'>,
): Promise<void> {
  assertAllowed(authorize(await loadAuthorizeInput(db, by, action, workspaceId, resourceRef, extra)));
}

/**
 * The gate of every mutation, from its mutator's own declaration: one load of the authorize() input,
 * then every matrix row the args touch (an update of destination and title passes both rows). The
 * same load names the workspace's members, whom the commit pokes (no query after it).
 */
export async function authorizeMutation<S extends z.ZodType>(
  db: Queryable,
  by: CommandActor,
  mutator: MutatorDefinition<string, S>,
  args: z.infer<S>,
  memo?: BatchMemo,
): Promise<{
  member: AuthorizedMember | null;
  webhookListeners: readonly WebhookListener[] | null;
  members: { workspaceId: string; userIds: readonly string[] } | null;
}> {
  const nothingLoaded = { member: null, webhookListeners: null, members: null };
  if (mutator.target === 'own_user') return nothingLoaded;
  const workspaceId = workspaceIdOf(args);
  if (workspaceId === null) throw new NotFoundError();
  const [first, ...rest] = actionsOf(mutator, args);
  if (first === undefined) return nothingLoaded;
  const target = mutator.target?.(args);
  const load = () => loadAuthorizeInput(db, by, first, workspaceId, target, {}, { memberUserIds: true });
  const input = memo ? await memo.authorizeInput(db, first, workspaceId, target, load) : await load();
  assertAllowed(authorize(input));
  for (const action of rest) assertAllowed(authorize({ ...input, action }));
  return {
    member: input.membership && { ...input.membership, workspaceId },
    webhookListeners: input.webhookListeners,
    members: input.memberUserIds && { workspaceId, userIds: input.memberUserIds },
  };
}

function workspaceIdOf(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('workspace_id' in args)) return null;
  return typeof args.workspace_id === 'string' ? args.workspace_id : null;
}

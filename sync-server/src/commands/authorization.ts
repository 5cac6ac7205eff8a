import { authorize, type AuthorizeInput } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import { MATRIX, type Action } from '@linkhub/shared/permissions/matrix';
import type { Queryable } from '../accounts/db';
import { loadAuthorizeInput as loadForRequest, type ResourceRef } from '../accounts/authorize-input';
import type { CommandActor } from './types';

export type { ResourceRef } from '../accounts/authorize-input';

/**
 * The authorize() input for a command, loaded by the one loader every door uses
 * (accounts/authorize-input.ts: workspace incl. 2FA policy and billing, membership and grants,
 * resource state, quota usage incl. pending invitations).
 */
export async function loadAuthorizeInput(
  db: Queryable,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resourceRef?: ResourceRef,
  extra: Pick<AuthorizeInput, 'uses_features' | 'requested_role'> = {},
): Promise<AuthorizeInput> {
  const { membershipRow: _row, ...context } = await loadForRequest(
    db,
    by.request,
    workspaceId,
    resourceRef ?? null,
    action,
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

import { MATRIX, type Action } from '@linkhub/shared/permissions/matrix';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import { quotaUsageForCreate } from './quota-usage';
import { type CommandAuthorizeInput, type ResourceRef } from './authorize-input';

/**
 * What the commands of one batch read again and again and none of them changes — a bulk import of
 * links changes no workspace, membership, grant or webhook endpoint — read once per batch. A push
 * has no memo: each of its mutations may change those.
 */
export class BatchMemo {
  private readonly inputs = new Map<string, CommandAuthorizeInput>();

  /** The authorize() input per (workspace, action, target), with the quota usage counted afresh: each item may add to it. */
  async authorizeInput(
    db: Queryable,
    action: Action,
    workspaceId: string,
    target: ResourceRef | undefined,
    load: () => Promise<CommandAuthorizeInput>,
  ): Promise<CommandAuthorizeInput> {
    const key = JSON.stringify([workspaceId, action, target?.type, target?.id]);
    const known = this.inputs.get(key);
    if (!known) {
      const input = await load();
      this.inputs.set(key, input);
      return input;
    }
    const quota = MATRIX[action].quota;
    if (quota === undefined || known.usage === undefined) return known;
    return { ...known, usage: { [quota]: await quotaUsageForCreate(db, workspaceId, quota) } };
  }
}

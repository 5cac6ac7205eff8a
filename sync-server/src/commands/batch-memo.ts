import type { AuthorizeInput } from '@linkhub/shared/permissions/authorize';
import { MATRIX, type Action } from '@linkhub/shared/permissions/matrix';
import type { Queryable } from '@linkhub/shared/db/sql';
import { quotaUsage, type ResourceRef } from '../accounts/authorize-input';

/**
 * What the commands of one batch read again and again and none of them changes — a bulk import of
 * links changes no workspace, membership, grant or webhook endpoint — read once per batch. A push
 * has no memo: any of its mutations may change those.
 */
export class BatchMemo {
  private readonly inputs = new Map<string, AuthorizeInput>();
  private readonly values = new Map<string, Promise<unknown>>();

  /** The authorize() input per (workspace, action, target), with the quota usage counted afresh: each item may add to it. */
  async authorizeInput(
    db: Queryable,
    action: Action,
    workspaceId: string,
    target: ResourceRef | undefined,
    load: () => Promise<AuthorizeInput>,
  ): Promise<AuthorizeInput> {
    const key = JSON.stringify([workspaceId, action, target?.type, target?.id]);
    const known = this.inputs.get(key);
    if (!known) {
      const input = await load();
      this.inputs.set(key, input);
      return input;
    }
    const quota = MATRIX[action].quota;
    if (quota === undefined || known.usage === undefined) return known;
    return { ...known, usage: { [quota]: await quotaUsage(db, workspaceId, quota) } };
  }

  /** Any other read, once per key. */
  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.values.get(key);
    if (known) return known as Promise<T>;
    const loaded = load();
    this.values.set(key, loaded);
    return loaded;
  }
}

import { one } from '@linkhub/shared/server/db/sql';
import { isPlanKey, retentionDays } from '@linkhub/shared/entitlements/plans';
import { audit, snapshotVersionAndAudit, type VersionOf } from './support';
import type { CommandContext } from './types';

/** The tables whose rows an update command changes; the after values are read back from them. */
export type ChangeTable =
  'links' | 'qr_codes' | 'bio_pages' | 'bio_blocks' | 'experiments' | 'custom_domains' | 'workspaces';

export type ChangeRecord = {
  workspaceId: string;
  /** `domain.verb` as the audit log names it (a QR `…destination…` action is kept forever). */
  action: string;
  /** Whose history this is: a block's change is its page's. */
  resourceType: string;
  resourceId: string;
  /** The changed row (the resource itself, or a block of a page). */
  table: ChangeTable;
  rowId: string;
  /** The row as it stood before the update, read under lock in this transaction (null: a create). */
  before: Readonly<Record<string, unknown>> | null;
  /** The columns the update may have changed; only those that did are recorded. */
  fields: readonly string[];
  /** jsonb columns the update merges key by key (`theme || patch`): recorded per key, `theme.background`. */
  perKey?: readonly string[];
  summary?: string;
  metadata?: Record<string, unknown>;
  /** Links and QR codes also keep a full-row version, written in the same statement. */
  version?: VersionOf;
};

export type FieldChanges = { before: Record<string, unknown>; after: Record<string, unknown> };

const COLUMN = /^[a-z_]+$/;

/**
 * One per-field change record for every update command (D-505): reads the row as the update left
 * it, keeps only the fields whose value moved, and writes them as the audit entry's `changes`
 * (`before`/`after` keyed by field) with the device the change came from, kept as long as the
 * workspace's plan keeps change history.
 */
export async function recordChange(ctx: CommandContext, record: ChangeRecord): Promise<FieldChanges> {
  const columns = record.fields.filter((f) => COLUMN.test(f));
  const read = await one<Record<string, unknown>>(
    ctx.tx,
    `SELECT (SELECT current_plan_key FROM workspaces WHERE id = $2) AS history_plan_key,
            ${columns.map((c) => `t.${c}`).join(', ')}
       FROM ${record.table} t WHERE t.id = $1`,
    [record.rowId, record.workspaceId],
  );
  const after = read ?? {};
  const changes = fieldChanges(record.before, after, columns, record.perKey ?? []);
  const plan = after.history_plan_key;
  const entry = {
    workspaceId: record.workspaceId,
    action: record.action,
    resourceType: record.resourceType,
    resourceId: record.resourceId,
    summary: record.summary,
    before: changes.before,
    after: changes.after,
    metadata: { ...record.metadata, device: ctx.by.device },
    retentionDays: retentionDays(isPlanKey(plan) ? plan : 'free', 'change_history_days'),
  };
  if (record.version) await snapshotVersionAndAudit(ctx, record.version, entry);
  else await audit(ctx, entry);
  return changes;
}

/** Only the fields whose value differs; a per-key jsonb column is compared key by key. */
export function fieldChanges(
  before: Readonly<Record<string, unknown>> | null,
  after: Readonly<Record<string, unknown>>,
  fields: readonly string[],
  perKey: readonly string[],
): FieldChanges {
  const out: FieldChanges = { before: {}, after: {} };
  const note = (field: string, b: unknown, a: unknown): void => {
    const was = plain(b);
    const now = plain(a);
    if (canonical(was) === canonical(now)) return;
    out.before[field] = was;
    out.after[field] = now;
  };
  for (const field of fields) {
    const b = before?.[field];
    const a = after[field];
    if (perKey.includes(field) && (isObject(b) || b == null) && (isObject(a) || a == null)) {
      const bo = isObject(b) ? b : {};
      const ao = isObject(a) ? a : {};
      for (const key of new Set([...Object.keys(bo), ...Object.keys(ao)]))
        note(`${field}.${key}`, bo[key], ao[key]);
    } else note(field, b, a);
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** What JSON keeps of a column value: a time as its ISO string, a missing value as null. */
function plain(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** JSON with object keys sorted, so two equal jsonb values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

import { CONFLICT_NOTICE_CODE, type ConflictDetail, type FieldBase } from '@linkhub/shared/mutators/base';
import { audit } from './support';
import type { CommandContext } from './types';

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * One spelling for comparing a stored value with a device's: timestamps as one instant, object keys
 * in order, absent as null (a device's `undefined` title is the row's NULL).
 */
export function normalised(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' && ISO_TIME.test(value)) {
    const time = new Date(value);
    return Number.isNaN(time.getTime()) ? value : time.toISOString();
  }
  if (Array.isArray(value)) return value.map(normalised);
  if (typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, normalised(v)]));
  }
  return value;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(normalised(a)) === JSON.stringify(normalised(b));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type FieldConflictInput<A> = {
  readonly args: A;
  /** The row's current value of every field the update may change, in the args' spelling (row locked). */
  readonly current: Readonly<Record<string, unknown>>;
  /** Fields an update merges key by key (a theme, a block's data): their base holds only the keys changed. */
  readonly merged?: readonly string[];
  /** What the notice names and what "Keep mine" issues again. */
  readonly resource: { type: string; id: string; workspaceId: string; title: string | null };
  readonly mutation: string;
  readonly ref: Readonly<Record<string, string>>;
};

/** Decide one plain field: apply it, or keep the stored (newer) value. */
function plainConflict(mine: unknown, base: unknown, stored: unknown): boolean {
  return !sameValue(stored, base) && !sameValue(stored, mine);
}

/**
 * Per-field conflict check of an update with a `base` (D-500), inside the command's transaction
 * with the row locked: a field whose stored value is no longer its base (and is not already the
 * incoming value) keeps the stored, newer value; the other fields still apply. Each kept field
 * goes into one conflict notice for the author (mine beside theirs) and one audit entry. Without
 * a base the args pass through untouched: last write wins, as REST clients and old mutations expect.
 * Returns the args to apply (base removed) and whether anything is left to change.
 */
export async function keepNewerFields<A extends { base?: FieldBase }>(
  ctx: CommandContext,
  input: FieldConflictInput<A>,
): Promise<{ args: Omit<A, 'base'>; conflicts: ConflictDetail[] }> {
  const { base, ...rest } = input.args;
  const args: Record<string, unknown> = { ...rest };
  const conflicts: ConflictDetail[] = [];
  if (base === undefined) return { args: rest, conflicts };
  const merged = new Set(input.merged ?? []);
  const detail = (field: string, mine: unknown, theirs: unknown): ConflictDetail => ({
    field,
    mine: JSON.parse(JSON.stringify(mine ?? null)),
    theirs: JSON.parse(JSON.stringify(normalisedForNotice(theirs))),
    mutation: input.mutation,
    ref: { ...input.ref },
  });
  const without = (object: Record<string, unknown>, keys: ReadonlySet<string>) =>
    Object.fromEntries(Object.entries(object).filter(([key]) => !keys.has(key)));
  const keptFields = new Set<string>();
  for (const [field, baseValue] of Object.entries(base)) {
    const mine = args[field];
    if (mine === undefined || baseValue === undefined) continue;
    const stored = input.current[field];
    if (merged.has(field) && isRecord(mine) && isRecord(baseValue)) {
      const storedObject = isRecord(stored) ? stored : {};
      const keptKeys = new Set<string>();
      for (const [key, keyBase] of Object.entries(baseValue)) {
        if (!(key in mine) || !plainConflict(mine[key], keyBase, storedObject[key])) continue;
        conflicts.push(detail(`${field}.${key}`, mine[key], storedObject[key]));
        keptKeys.add(key);
      }
      const rest = without(mine, keptKeys);
      if (Object.keys(rest).length === 0) keptFields.add(field);
      else args[field] = rest;
      continue;
    }
    if (!plainConflict(mine, baseValue, stored)) continue;
    conflicts.push(detail(field, mine, stored));
    keptFields.add(field);
  }
  if (conflicts.length > 0) await recordConflicts(ctx, input, conflicts);
  // Built from the args minus `base` and minus the fields kept as they are stored.
  return { args: without(args, keptFields) as Omit<A, 'base'>, conflicts };
}

function normalisedForNotice(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : (value ?? null);
}

/** True when the update has nothing left to write besides its reference args. */
export function nothingLeft(args: Readonly<Record<string, unknown>>, ref: readonly string[]): boolean {
  return Object.entries(args).every(([k, v]) => ref.includes(k) || v === undefined);
}

function fieldWords(conflicts: readonly ConflictDetail[]): string {
  const names = conflicts.map((c) => c.field.replace(/^data\./, '').replace(/_/g, ' '));
  return names.length === 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;
}

async function recordConflicts<A>(
  ctx: CommandContext,
  input: FieldConflictInput<A>,
  conflicts: readonly ConflictDetail[],
): Promise<void> {
  const { resource } = input;
  const subject = resource.title ? `“${resource.title}”` : 'this item';
  const message = `Someone changed ${subject} while you were editing: their newer ${fieldWords(conflicts)} was kept. Compare and choose which to keep.`;
  const userId = ctx.by.userId;
  // An API key without a creator has no one to tell; the audit entry still records the conflict.
  if (userId !== null) {
    await ctx.tx.query(
      `INSERT INTO sync_notices (user_id, workspace_id, mutation_name, code, message, details, resource_type, resource_id, resource_title)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        userId,
        resource.workspaceId,
        input.mutation,
        CONFLICT_NOTICE_CODE,
        message,
        JSON.stringify(conflicts),
        resource.type,
        resource.id,
        resource.title,
      ],
    );
    ctx.effects.poke({ userId });
  }
  await audit(ctx, {
    workspaceId: resource.workspaceId,
    action: `${resource.type}.edit_conflict`,
    resourceType: resource.type,
    resourceId: resource.id,
    summary: `kept the newer ${fieldWords(conflicts)}`,
    after: {
      kept: Object.fromEntries(conflicts.map((c) => [c.field, c.theirs])),
      not_applied: Object.fromEntries(conflicts.map((c) => [c.field, c.mine])),
    },
  });
}

/** The stored values of an update's fields, read only when it carries a base (its row is already locked). */
export async function storedFields(
  ctx: CommandContext,
  base: FieldBase | undefined,
  sql: string,
  values: readonly unknown[],
): Promise<Record<string, unknown>> {
  if (base === undefined) return {};
  const { rows } = await ctx.tx.query<Record<string, unknown>>(sql, [...values]);
  return rows[0] ?? {};
}

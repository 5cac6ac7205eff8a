import { limitFor, type PlanKey, type QuotaField } from '@linkhub/shared/entitlements/plans';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';

/** What counts toward a cap (docs/product-rules.md#plans-and-billing) — live, not archived, and for links not pinned to a QR code. */
const LIVE = 'deleted_at IS NULL AND archived_at IS NULL';

/**
 * After a downgrade, what exceeds the plan's caps becomes read-only (`edit_locked_at`, refused with
 * resource_locked) — never deleted, archived or unpublished, and still served exactly as before.
 * The Owner chooses which items stay editable; otherwise the most recently edited ones do.
 */
export const LOCKABLE = {
  bio_page: { table: 'bio_pages', field: 'bio_pages', counted: LIVE },
  link: { table: 'links', field: 'links', counted: `${LIVE} AND qr_code_id IS NULL` },
  qr_code: { table: 'qr_codes', field: 'qr_codes', counted: LIVE },
} as const satisfies Record<string, { table: string; field: QuotaField; counted: string }>;

export type LockableType = keyof typeof LOCKABLE;
export const LOCKABLE_TYPES = ['bio_page', 'link', 'qr_code'] as const satisfies readonly LockableType[];

/**
 * Locks the items beyond the cap and unlocks the rest (all of them under a cap they fit), keeping
 * the current editable set first, then the most recently edited. Only rows whose lock changes are
 * written (each write bumps the row's version, so the editor hears of it).
 */
export async function reconcileEditLocks(
  db: Queryable,
  workspaceId: string,
  plan: PlanKey,
  now: Date,
): Promise<void> {
  for (const type of LOCKABLE_TYPES) {
    const { table, field, counted } = LOCKABLE[type];
    const limit = limitFor(plan, field);
    if (limit === null) {
      await db.query(
        `UPDATE ${table} SET edit_locked_at = NULL WHERE workspace_id = $1 AND edit_locked_at IS NOT NULL`,
        [workspaceId],
      );
      continue;
    }
    await db.query(
      `WITH ranked AS (
         SELECT id, row_number() OVER (ORDER BY (edit_locked_at IS NULL) DESC, updated_at DESC, id) AS n
           FROM ${table}
          WHERE workspace_id = $1 AND ${counted}
       )
       UPDATE ${table} t
          SET edit_locked_at = CASE WHEN ranked.n > $2 THEN $3::timestamptz ELSE NULL END
         FROM ranked
        WHERE t.id = ranked.id AND (ranked.n > $2) <> (t.edit_locked_at IS NOT NULL)`,
      [workspaceId, limit, now],
    );
  }
}

/** The Owner's choice: these stay editable (up to the cap), the rest of that type is read-only. */
export async function chooseEditable(
  db: Queryable,
  workspaceId: string,
  plan: PlanKey,
  type: LockableType,
  keepIds: readonly string[],
  now: Date,
): Promise<void> {
  const { table, counted } = LOCKABLE[type];
  await db.query(
    `UPDATE ${table}
        SET edit_locked_at = CASE WHEN id = ANY($2::uuid[]) THEN NULL ELSE COALESCE(edit_locked_at, $3::timestamptz) END
      WHERE workspace_id = $1 AND ${counted}
        AND (id = ANY($2::uuid[])) = (edit_locked_at IS NOT NULL)`,
    [workspaceId, keepIds, now],
  );
  await reconcileEditLocks(db, workspaceId, plan, now);
}

export type LockableItem = { id: string; title: string; edit_locked: boolean; updated_at: Date };

/** Every counted item of a type, editable first, for the billing screen's "keep editable" choice. */
export async function lockableItems(
  db: Queryable,
  workspaceId: string,
  type: LockableType,
): Promise<LockableItem[]> {
  const { table, counted } = LOCKABLE[type];
  const title =
    type === 'bio_page' ? "COALESCE(NULLIF(title, ''), handle)" : "COALESCE(NULLIF(title, ''), slug)";
  return rows<LockableItem>(
    db,
    `SELECT id, ${title} AS title, edit_locked_at IS NOT NULL AS edit_locked, updated_at
       FROM ${table}
      WHERE workspace_id = $1 AND ${counted}
      ORDER BY (edit_locked_at IS NULL) DESC, updated_at DESC, id
      LIMIT 500`,
    [workspaceId],
  );
}

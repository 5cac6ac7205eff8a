import { PLAN_KEYS, isPlanKey, type PlanKey } from '@linkhub/shared/entitlements/plans';
import { one, rows, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import type pg from 'pg';
import { writeAudit } from '../../sync-server/src/identity/audit';
import { reconcileEditLocks } from '../../sync-server/src/kernel/edit-locks';

/**
 * `linkhub plan list` / `linkhub plan set <workspace id|slug> <plan>` (D-511): on a server without
 * Stripe nobody can buy a plan, so its operator sets them here, straight in the database. A plan
 * belongs to the billing account, so every workspace of that account moves with it — exactly what a
 * Stripe subscription change does.
 */
export const PLAN_USAGE = `usage: linkhub plan list
       linkhub plan set <workspace id|slug> <${PLAN_KEYS.join('|')}>
environment: DATABASE_URL (default: the database \`npm start\` wrote to .linkhub/demo.json)`;

export type PlanIo = {
  readonly pool: pg.Pool;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type WorkspaceLine = { id: string; slug: string; name: string; current_plan_key: string; owner: string };

async function listWorkspaces(db: Queryable): Promise<WorkspaceLine[]> {
  return rows<WorkspaceLine>(
    db,
    `SELECT w.id, w.slug, w.name, w.current_plan_key, u.email AS owner
       FROM workspaces w JOIN users u ON u.id = w.owner_user_id
      WHERE w.deleted_at IS NULL ORDER BY w.created_at, w.id`,
  );
}

async function setPlan(
  db: pg.Pool,
  ref: string,
  plan: PlanKey,
): Promise<{ workspaces: Array<{ slug: string; from: string }> } | null> {
  return withTransaction(db, async (tx) => {
    const target = await one<{ billing_account_id: string }>(
      tx,
      `SELECT billing_account_id FROM workspaces
        WHERE deleted_at IS NULL AND (slug = $1 OR ($2::boolean AND id::text = lower($1)))`,
      [ref, UUID.test(ref)],
    );
    if (!target) return null;
    await tx.query('UPDATE billing_accounts SET plan_key = $2 WHERE id = $1', [
      target.billing_account_id,
      plan,
    ]);
    const moved = await rows<{ id: string; slug: string; from: string }>(
      tx,
      `UPDATE workspaces w SET current_plan_key = $2
         FROM (SELECT id, current_plan_key FROM workspaces WHERE billing_account_id = $1 AND deleted_at IS NULL FOR UPDATE) old
        WHERE w.id = old.id
        RETURNING w.id, w.slug, old.current_plan_key AS from`,
      [target.billing_account_id, plan],
    );
    const now = new Date();
    for (const w of moved) {
      if (w.from !== plan) {
        await writeAudit(tx, {
          workspaceId: w.id,
          actor: { type: 'system' },
          action: 'billing.plan_changed',
          resourceType: 'workspace',
          resourceId: w.id,
          summary: `Plan ${w.from} → ${plan} (set by the operator)`,
          before: { plan: w.from },
          after: { plan },
          metadata: { source: 'operator' },
        });
      }
      // A move down makes what exceeds the new caps read-only, as a Stripe downgrade would.
      await reconcileEditLocks(tx, w.id, plan, now);
    }
    return { workspaces: moved.map((w) => ({ slug: w.slug, from: w.from })) };
  });
}

/** Runs `plan <command> …`; returns the exit code (0 done, 1 not found, 2 usage). */
export async function planCommand(args: readonly string[], io: PlanIo): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'list' && rest.length === 0) {
    const list = await listWorkspaces(io.pool);
    if (list.length === 0) io.out('no workspaces');
    for (const w of list) io.out(`${w.id}  ${w.slug.padEnd(32)} ${w.current_plan_key.padEnd(9)} ${w.owner}`);
    return 0;
  }
  if (command === 'set' && rest.length === 2) {
    const [ref = '', plan = ''] = rest;
    if (!isPlanKey(plan)) {
      io.err(`unknown plan: ${plan} (one of ${PLAN_KEYS.join(', ')})\n${PLAN_USAGE}`);
      return 2;
    }
    const result = await setPlan(io.pool, ref, plan);
    if (!result) {
      io.err(`no live workspace with id or slug ${ref} (see: linkhub plan list)`);
      return 1;
    }
    for (const w of result.workspaces)
      io.out(w.from === plan ? `${w.slug}: already on ${plan}` : `${w.slug}: ${w.from} → ${plan}`);
    return 0;
  }
  io.err(PLAN_USAGE);
  return 2;
}

import type { analyticsCubeState } from '@linkhub/shared/server/db/schema/analytics';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type pg from 'pg';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import {
  cubeFromRaw,
  cubeHasSketches,
  cubeWorkspaceFromResources,
} from '@linkhub/shared/server/analytics/cube';

type Db = Pick<pg.Pool, 'query'>;

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Closed hours rebuilt on every run, so events that reach PostgreSQL a little late are counted. */
export const CUBE_REBUILD_HOURS = 3;

const floorHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);

/**
 * Replaces the cube rows of [from, to) (whole UTC hours) with the raw events' combinations (per
 * resource, then summed per workspace; each row with its visitor sketch where the `hll` extension
 * is installed, migration 0166), and moves
 * `built_through` up to `closedBefore` when this range reaches it without a gap (an hour past it is
 * never marked built: readers take it from raw events). Run inside a transaction.
 */
export async function rebuildCubeHours(db: Db, from: Date, to: Date, closedBefore: Date): Promise<number> {
  await db.query('DELETE FROM analytics_cube_hourly WHERE bucket_start >= $1 AND bucket_start < $2', [
    from,
    to,
  ]);
  const sketches = await cubeHasSketches(db);
  const res = await db.query(cubeFromRaw(sketches), [from, to]);
  await db.query(
    'DELETE FROM analytics_cube_workspace_hourly WHERE bucket_start >= $1 AND bucket_start < $2',
    [from, to],
  );
  await db.query(cubeWorkspaceFromResources(sketches), [from, to]);
  const through = new Date(Math.min(to.getTime(), closedBefore.getTime()));
  await db.query(
    'UPDATE analytics_cube_state SET built_through = $2 WHERE built_through >= $1 AND built_through < $2',
    [from, through],
  );
  return res.rowCount ?? 0;
}

/** Every hour before this instant is in the cube; null: never built. */
export async function cubeBuiltThrough(db: Db): Promise<Date | null> {
  const res = await db.query<RowOf<typeof analyticsCubeState, 'builtThrough'>>(
    'SELECT built_through FROM analytics_cube_state',
  );
  const row = res.rows[0];
  if (!row) throw new Error('analytics_cube_state has no row (migration 0160)');
  return row.built_through;
}

/**
 * A cube never built starts at the hour of the oldest raw event (or `closedBefore` when there is
 * none): no hour before it holds an event, so it is built through there already.
 */
async function startCube(db: Db, closedBefore: Date): Promise<Date> {
  const res = await db.query<{ first: Date | null }>('SELECT min(occurred_at) AS first FROM click_events');
  const first = res.rows[0]?.first ?? null;
  const start = first === null || first > closedBefore ? closedBefore : floorHour(first);
  await db.query('UPDATE analytics_cube_state SET built_through = $1 WHERE built_through IS NULL', [start]);
  return (await cubeBuiltThrough(db)) ?? start;
}

/**
 * The hourly job: every closed hour from `built_through` (or the last CUBE_REBUILD_HOURS, whichever
 * is earlier) to the current hour, one UTC day per transaction so a worker that was down for days
 * (or a cube never built) catches up in bounded steps. An hour is closed once the
 * wall clock has left it and no event captured in it still waits in Redis (`unstoredSince`, the
 * capture time of the oldest entry the ingest has not stored). Returns the cube rows written.
 */
export async function advanceCube(
  pool: pg.Pool,
  now: Date,
  unstoredSince: number | null,
): Promise<{ rows: number; builtThrough: Date }> {
  const closedBefore = floorHour(new Date(Math.min(now.getTime(), unstoredSince ?? now.getTime())));
  const built = (await cubeBuiltThrough(pool)) ?? (await startCube(pool, closedBefore));
  let from = new Date(Math.min(built.getTime(), closedBefore.getTime() - CUBE_REBUILD_HOURS * HOUR_MS));
  let rows = 0;
  while (from < closedBefore) {
    const to = new Date(Math.min(from.getTime() + DAY_MS, closedBefore.getTime()));
    const lo = from;
    rows += await withTransaction(pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['analytics-cube']);
      return rebuildCubeHours(tx, lo, to, closedBefore);
    });
    from = to;
  }
  return { rows, builtThrough: (await cubeBuiltThrough(pool)) ?? closedBefore };
}

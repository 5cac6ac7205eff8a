import type pg from 'pg';

type Queryable = Pick<pg.Pool, 'query'>;

const DAY_MS = 86_400_000;

export function utcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** Creates the daily click_events partitions of the given UTC days (`yyyy-mm-dd`) that are missing. */
export async function ensureDayPartitions(db: Queryable, days: readonly string[]): Promise<void> {
  for (const day of [...new Set(days)].sort()) {
    await db.query('SELECT create_click_events_partition($1::date)', [day]);
  }
}

/** Yesterday through `aheadDays` days after today (UTC) exist afterwards; returns how many days were ensured. */
export async function ensurePartitionsAhead(db: Queryable, now: Date, aheadDays = 7): Promise<number> {
  const res = await db.query<{ n: number }>(
    'SELECT ensure_click_events_partitions($1::date, $2::date) AS n',
    [utcDate(new Date(now.getTime() - DAY_MS)), utcDate(new Date(now.getTime() + aheadDays * DAY_MS))],
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** The UTC days that have a click_events partition, oldest first. */
export async function listDayPartitions(db: Queryable): Promise<string[]> {
  const res = await db.query<{ relname: string }>(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
      WHERE p.relname = 'click_events' AND c.relname ~ '^click_events_p[0-9]{8}$' ORDER BY c.relname`,
  );
  return res.rows.map(
    (r) => `${r.relname.slice(14, 18)}-${r.relname.slice(18, 20)}-${r.relname.slice(20, 22)}`,
  );
}

/**
 * Remembers which days this process already ensured, so the ingest pays one round trip per new
 * day, not per batch. `forget` after a retention drop.
 */
export function createPartitionCache(db: Queryable) {
  const known = new Set<string>();
  return {
    async ensure(days: Iterable<string>): Promise<void> {
      const missing = [...new Set(days)].filter((d) => !known.has(d));
      if (missing.length === 0) return;
      await ensureDayPartitions(db, missing);
      for (const d of missing) known.add(d);
    },
    forget(): void {
      known.clear();
    },
  };
}
export type PartitionCache = ReturnType<typeof createPartitionCache>;

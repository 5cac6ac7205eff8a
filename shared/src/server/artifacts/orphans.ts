import type { qrRenderArtifacts } from '../db/schema/qr-codes';
import type { RowOf } from '../db/row';
import type pg from 'pg';
import type { ArtifactStore } from './store';

/** Objects younger than this are never swept: a render may have stored its file and not yet written its row. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Deletes the files and rows of a code's older design revisions (run after each new render). */
export async function removeSupersededArtifacts(
  deps: { readonly pool: pg.Pool; readonly store: ArtifactStore },
  qrCodeId: string,
  currentRevision: number,
): Promise<number> {
  const { rows } = await deps.pool.query<RowOf<typeof qrRenderArtifacts, 'id' | 'storageKey'>>(
    `SELECT id, storage_key FROM qr_render_artifacts WHERE qr_code_id = $1 AND design_revision < $2`,
    [qrCodeId, currentRevision],
  );
  for (const row of rows) {
    if (row.storage_key !== null) await deps.store.delete(row.storage_key);
  }
  if (rows.length > 0)
    await deps.pool.query(`DELETE FROM qr_render_artifacts WHERE id = ANY($1::uuid[])`, [
      rows.map((r) => r.id),
    ]);
  return rows.length;
}

type SweepDeps = { readonly pool: pg.Pool; readonly store: ArtifactStore };
export type SweepResult = { readonly scanned: number; readonly deleted: number };

/** Deletes every object under `prefix` older than the grace period whose key `recorded` does not return. */
async function sweepUnrecorded(
  deps: SweepDeps,
  prefix: string,
  recorded: (keys: string[]) => Promise<Set<string>>,
  now: Date,
  graceMs: number,
): Promise<SweepResult> {
  let scanned = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await recorded(batch);
    for (const key of batch) {
      if (known.has(key)) continue;
      await deps.store.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const object of deps.store.list(prefix)) {
    scanned++;
    if (now.getTime() - object.modifiedAt.getTime() < graceMs) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { scanned, deleted };
}

async function keysIn(pool: pg.Pool, sql: string, keys: string[]): Promise<Set<string>> {
  const { rows } = await pool.query<{ storage_key: string }>(sql, [keys]);
  return new Set(rows.map((r) => r.storage_key));
}

/**
 * Deletes rendered QR files (`qr/…`) that no `qr_render_artifacts` row points at any more: left by
 * a crash between storing and recording, by a code deleted with its rows, or by an older revision
 * whose row went. Files younger than the grace period are kept.
 */
export function sweepOrphanQrFiles(
  deps: SweepDeps,
  now: Date = new Date(),
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<SweepResult> {
  return sweepUnrecorded(
    deps,
    'qr/',
    (keys) =>
      keysIn(
        deps.pool,
        'SELECT storage_key FROM qr_render_artifacts WHERE storage_key = ANY($1::text[])',
        keys,
      ),
    now,
    graceMs,
  );
}

/**
 * Deletes export files (`exports/…`: analytics CSVs, QR batch ZIPs) that no live export points at:
 * their link expired, their workspace was deleted with its export rows, or a crash came between
 * storing the file and recording it. Files younger than the grace period are kept.
 */
export function sweepOrphanExportFiles(
  deps: SweepDeps,
  now: Date = new Date(),
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<SweepResult> {
  return sweepUnrecorded(
    deps,
    'exports/',
    (keys) =>
      keysIn(
        deps.pool,
        "SELECT storage_key FROM export_jobs WHERE storage_key = ANY($1::text[]) AND status = 'succeeded'",
        keys,
      ),
    now,
    graceMs,
  );
}

/**
 * Marks finished exports whose download link has expired as `expired` and deletes their files
 * (a file whose delete fails here is left to the orphan sweep).
 */
export async function expireExports(deps: SweepDeps, now: Date = new Date()): Promise<number> {
  const { rows } = await deps.pool.query<{ storage_key: string | null }>(
    `WITH due AS (SELECT id, storage_key FROM export_jobs WHERE status = 'succeeded' AND expires_at <= $1 FOR UPDATE SKIP LOCKED)
     UPDATE export_jobs e SET status = 'expired', storage_key = NULL FROM due WHERE e.id = due.id RETURNING due.storage_key`,
    [now],
  );
  for (const row of rows) {
    if (row.storage_key !== null) await deps.store.delete(row.storage_key);
  }
  return rows.length;
}

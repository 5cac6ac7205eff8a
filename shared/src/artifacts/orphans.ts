import type pg from 'pg';
import type { ArtifactStore } from './store';

/** Objects younger than this are never swept: a render may have stored its file and not yet written its row. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;

/** Deletes the files and rows of a code's older design revisions (run after each new render). */
export async function removeSupersededArtifacts(deps: { readonly pool: pg.Pool; readonly store: ArtifactStore }, qrCodeId: string, currentRevision: number): Promise<number> {
  const { rows } = await deps.pool.query<{ id: string; storage_key: string | null }>(
    `SELECT id, storage_key FROM qr_render_artifacts WHERE qr_code_id = $1 AND design_revision < $2`,
    [qrCodeId, currentRevision],
  );
  for (const row of rows) {
    if (row.storage_key !== null) await deps.store.delete(row.storage_key);
  }
  if (rows.length > 0) await deps.pool.query(`DELETE FROM qr_render_artifacts WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
  return rows.length;
}

/**
 * Deletes rendered QR files (`qr/…`) that no `qr_render_artifacts` row points at any more: left by
 * a crash between storing and recording, by a code deleted with its rows, or by an older revision
 * whose row went. Files younger than the grace period are kept.
 */
export async function sweepOrphanQrFiles(
  deps: { readonly pool: pg.Pool; readonly store: ArtifactStore },
  now: Date = new Date(),
  graceMs: number = ORPHAN_GRACE_MS,
): Promise<{ readonly scanned: number; readonly deleted: number }> {
  let scanned = 0;
  let deleted = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const { rows } = await deps.pool.query<{ storage_key: string }>(`SELECT storage_key FROM qr_render_artifacts WHERE storage_key = ANY($1::text[])`, [batch]);
    const known = new Set(rows.map((r) => r.storage_key));
    for (const key of batch) {
      if (known.has(key)) continue;
      await deps.store.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const object of deps.store.list('qr/')) {
    scanned++;
    if (now.getTime() - object.modifiedAt.getTime() < graceMs) continue;
    batch.push(object.key);
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { scanned, deleted };
}

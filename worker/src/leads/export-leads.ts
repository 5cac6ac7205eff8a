import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import { csvLine } from '@linkhub/shared/analytics/csv';
import { assertArtifactKey, type ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { EXPORT_LINK_TTL_MS, type ExportOutcome } from '../analytics/export-csv';

const PAGE = 5000;

/** What the API stored in export_jobs.params for a leads CSV (`kind = 'leads_csv'`). */
export const leadsExportParamsSchema = z.object({
  /** null: every page of the workspace; else these pages (one page, or a scoped member's grants). */
  page_ids: z.array(z.uuid()).nullable(),
});

const COLUMNS = [
  'email',
  'status',
  'page',
  'consent_text',
  'consented_at',
  'page_revision',
  'confirmed_at',
  'unsubscribed_at',
  'created_at',
] as const;
type Row = { id: string } & Record<(typeof COLUMNS)[number], string | number | Date | null>;

/**
 * One leads CSV, built like the analytics export (D-072, D-127): counted first so
 * progress is a percentage, written page by page to a spool file, streamed into the artifact store.
 * Erasure withdraws leads exports (deleteLead marks running ones failed and finished ones expired):
 * an export that is no longer `running` when it ends drops the file it stored, so an erased address
 * never stays downloadable. The audit log gets the row count (docs/product-rules.md#personal-data).
 */
export async function runLeadsExport(
  deps: { pool: pg.Pool; store: ArtifactStore },
  workspaceId: string,
  exportId: string,
  now: Date = new Date(),
): Promise<ExportOutcome> {
  const { pool, store } = deps;
  const found = await pool.query<RowOf<typeof exportJobs, 'params' | 'status' | 'requestedByUserId'>>(
    "SELECT params, status, requested_by_user_id FROM export_jobs WHERE id = $1 AND workspace_id = $2 AND kind = 'leads_csv'",
    [exportId, workspaceId],
  );
  const job = found.rows[0];
  if (!job || (job.status !== 'queued' && job.status !== 'running')) return { status: 'skipped', rows: 0 };
  const parsed = leadsExportParamsSchema.safeParse(job.params);
  if (!parsed.success) {
    await pool.query(
      "UPDATE export_jobs SET status = 'failed', error = 'invalid export parameters', finished_at = now() WHERE id = $1",
      [exportId],
    );
    return { status: 'failed', rows: 0 };
  }
  const ids = parsed.data.page_ids;
  const started = await pool.query(
    "UPDATE export_jobs SET status = 'running', started_at = coalesce(started_at, now()), progress = 0 WHERE id = $1 AND status IN ('queued', 'running')",
    [exportId],
  );
  if (started.rowCount === 0) return { status: 'skipped', rows: 0 };
  const where =
    'l.workspace_id = $1 AND l.deleted_at IS NULL AND ($2::uuid[] IS NULL OR l.page_id = ANY($2::uuid[]))';
  const key = `exports/${workspaceId}/${exportId}.csv`;
  assertArtifactKey(key);
  const spoolDir = await mkdtemp(join(tmpdir(), 'linkhub-leads-'));
  const spool = join(spoolDir, `${exportId}.csv`);
  try {
    const total = Number(
      (
        await pool.query<{ n: string }>(`SELECT count(*) AS n FROM leads l WHERE ${where}`, [
          workspaceId,
          ids,
        ])
      ).rows[0]?.n ?? 0,
    );
    const out = createWriteStream(spool, { mode: 0o600 });
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    await write(csvLine([...COLUMNS]));
    let done = 0;
    let after: Row | null = null;
    for (;;) {
      const page: pg.QueryResult<Row> = await pool.query<Row>(
        `SELECT l.id, l.email, l.status, p.handle AS page, l.consent_text, l.consented_at, l.page_revision, l.confirmed_at, l.unsubscribed_at, l.created_at
           FROM leads l JOIN bio_pages p ON p.id = l.page_id
          WHERE ${where} ${after ? 'AND (l.created_at, l.id) > ($3, $4)' : ''}
          ORDER BY l.created_at, l.id LIMIT ${PAGE}`,
        after ? [workspaceId, ids, after.created_at, after.id] : [workspaceId, ids],
      );
      for (const r of page.rows) await write(csvLine(COLUMNS.map((c) => r[c])));
      done += page.rows.length;
      const last = page.rows[page.rows.length - 1];
      if (page.rows.length < PAGE || last === undefined) break;
      after = last;
      const progress = total === 0 ? 99 : Math.min(99, Math.floor((done / total) * 100));
      await pool.query('UPDATE export_jobs SET progress = $2 WHERE id = $1 AND progress < $2', [
        exportId,
        progress,
      ]);
    }
    out.end();
    await once(out, 'finish');
    const size = (await stat(spool)).size;
    await store.putFile(key, spool, 'text/csv');
    const finished = await pool.query(
      `UPDATE export_jobs SET status = 'succeeded', progress = 100, row_count = $2, storage_key = $3, content_type = 'text/csv',
         byte_size = $4, finished_at = $5, expires_at = $6, error = NULL WHERE id = $1 AND status = 'running'`,
      [exportId, done, key, size, now, new Date(now.getTime() + EXPORT_LINK_TTL_MS)],
    );
    if (finished.rowCount === 0) {
      // Withdrawn while it ran (a lead was erased): the file must not stay.
      await store.delete(key).catch(() => undefined);
      return { status: 'skipped', rows: 0 };
    }
    await pool.query(
      `INSERT INTO audit_log_entries (workspace_id, actor_type, actor_user_id, action, resource_type, resource_id, summary, metadata)
       VALUES ($1, $2, $3, 'lead.exported', 'export', $4, $5, $6)`,
      [
        workspaceId,
        job.requested_by_user_id === null ? 'system' : 'user',
        job.requested_by_user_id,
        exportId,
        `Exported ${done} leads`,
        JSON.stringify({ row_count: done, page_ids: ids }),
      ],
    );
    return { status: 'succeeded', rows: done };
  } catch (error) {
    await pool.query(
      "UPDATE export_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1",
      [exportId, error instanceof Error ? error.message.slice(0, 500) : 'export failed'],
    );
    return { status: 'failed', rows: 0 };
  } finally {
    await rm(spoolDir, { recursive: true, force: true });
  }
}

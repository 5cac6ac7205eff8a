import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type pg from 'pg';
import { z } from 'zod';
import { csvLine } from '@linkhub/shared/analytics/csv';
import { isPlanKey, retentionDays } from '@linkhub/shared/entitlements/plans';
import { assertArtifactKey, type ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import {
  exportFiltersSchema,
  PAGE,
  rawSource,
  resourceNames,
  rollupSource,
  type Row,
} from './export-sources';

const DAY_MS = 86_400_000;
export const EXPORT_LINK_TTL_MS = DAY_MS;

/** What the API stored in export_jobs.params for an analytics CSV. */
export const analyticsExportParamsSchema = z.object({
  source: z.enum(['raw', 'rollup']),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** null: the whole workspace; else only these resources (a scoped member's grants, or one resource). */
  resource_ids: z.array(z.uuid()).nullable(),
  /** The dashboard's active filters when the export was started (absent: none). */
  filters: exportFiltersSchema.optional(),
});
export type AnalyticsExportParams = z.infer<typeof analyticsExportParamsSchema>;

export type ExportOutcome = { status: 'succeeded' | 'failed' | 'skipped'; rows: number };

export type AnalyticsExportDeps = { readonly pool: pg.Pool; readonly store: ArtifactStore };

/**
 * Builds one analytics CSV export: counts the rows (so progress is a percentage), streams pages of
 * rows into a spool file in the OS temp folder, updating `export_jobs.progress` after every page,
 * then streams that file into the artifact store as `exports/{workspace}/{export}.csv` (local
 * folder or S3 bucket, whichever is configured); on success the download link is valid for 24 h.
 * Raw events are clamped to the plan's raw retention.
 */
export async function runAnalyticsExport(
  deps: AnalyticsExportDeps,
  workspaceId: string,
  exportId: string,
  now: Date = new Date(),
): Promise<ExportOutcome> {
  const { pool, store } = deps;
  const job = await pool.query<{ params: unknown; status: string; plan: string }>(
    `SELECT e.params, e.status, w.current_plan_key AS plan FROM export_jobs e JOIN workspaces w ON w.id = e.workspace_id
      WHERE e.id = $1 AND e.workspace_id = $2 AND e.kind = 'analytics_csv'`,
    [exportId, workspaceId],
  );
  const row = job.rows[0];
  if (!row || (row.status !== 'queued' && row.status !== 'running')) return { status: 'skipped', rows: 0 };
  const parsed = analyticsExportParamsSchema.safeParse(row.params);
  if (!parsed.success) {
    await pool.query(
      "UPDATE export_jobs SET status = 'failed', error = 'invalid export parameters', finished_at = now() WHERE id = $1",
      [exportId],
    );
    return { status: 'failed', rows: 0 };
  }
  const params = parsed.data;
  let from = new Date(params.from);
  const days = retentionDays(isPlanKey(row.plan) ? row.plan : 'free', 'raw_click_days');
  const rawSince = days === null ? new Date(0) : new Date(now.getTime() - days * DAY_MS);
  if (params.source === 'raw') from = new Date(Math.max(from.getTime(), rawSince.getTime()));
  const filters = params.filters ?? {};
  const spec = {
    ws: workspaceId,
    from,
    to: new Date(params.to),
    ids: params.resource_ids,
    filters,
    rawSince,
  };
  // A filtered rollup export counts the raw events that match (rollupSource decides).
  const source = params.source === 'raw' ? rawSource(spec) : rollupSource(spec);
  const key = `exports/${workspaceId}/${exportId}.csv`;
  assertArtifactKey(key);
  await pool.query(
    "UPDATE export_jobs SET status = 'running', started_at = coalesce(started_at, now()), progress = 0 WHERE id = $1",
    [exportId],
  );
  const spoolDir = await mkdtemp(join(tmpdir(), 'linkhub-export-'));
  const spool = join(spoolDir, `${exportId}.csv`);
  try {
    const total = Number(
      (await pool.query<{ n: string }>(source.count.text, source.count.values)).rows[0]?.n ?? 0,
    );
    const names = new Map<string, { title: string; short_url: string }>();
    const out = createWriteStream(spool);
    const write = async (text: string) => {
      if (!out.write(text)) await once(out, 'drain');
    };
    await write(csvLine([...source.header]));
    let done = 0;
    let after: Row | null = null;
    for (;;) {
      const q = source.page(after);
      const page = await pool.query<Row>(q.text, q.values);
      const unnamed = [...new Set(page.rows.map((r) => String(r.resource_id)))].filter(
        (id) => !names.has(id),
      );
      for (const [id, named] of await resourceNames(pool, workspaceId, unnamed)) names.set(id, named);
      for (const r of page.rows) {
        const named = names.get(String(r.resource_id));
        const cells: Row = {
          ...r,
          resource_title: named?.title ?? null,
          short_url: named?.short_url ?? null,
        };
        await write(csvLine(source.header.map((c) => cells[c] ?? null)));
      }
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
    await pool.query(
      `UPDATE export_jobs SET status = 'succeeded', progress = 100, row_count = $2, storage_key = $3, content_type = 'text/csv',
         byte_size = $4, finished_at = $5, expires_at = $6, error = NULL WHERE id = $1`,
      [exportId, done, key, size, now, new Date(now.getTime() + EXPORT_LINK_TTL_MS)],
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

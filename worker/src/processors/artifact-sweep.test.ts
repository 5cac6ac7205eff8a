import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireExports, sweepOrphanExportFiles } from '@linkhub/shared/server/artifacts/orphans';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';

const HOUR_MS = 3_600_000;
let t: TestWorkerDeps;
let dir: string;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestWorkerDeps();
  dir = await mkdtemp(join(tmpdir(), 'linkhub-sweep-'));
  const db = createDb(t.database.url);
  const user = await insertUser(db.db, {});
  workspaceId = (await insertWorkspace(db.db, { ownerUserId: user.id })).workspace.id;
  await db.close();
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

async function finishedExport(key: string, expiresAt: Date): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO export_jobs (workspace_id, kind, status, progress, storage_key, finished_at, expires_at)
     VALUES ($1, 'analytics_csv', 'succeeded', 100, $2, now(), $3) RETURNING id`,
    [workspaceId, key, expiresAt],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('no export row');
  return id;
}

describe('export files in the artifact store', () => {
  it('expires exports past their link (row says expired, file gone) and sweeps files no live export points at', async () => {
    const store = createLocalArtifactStore(dir);
    const deps = { pool: t.deps.pool, store };
    const csv = new TextEncoder().encode('occurred_at,event_type\r\n');
    const live = `exports/${workspaceId}/live.csv`;
    const stale = `exports/${workspaceId}/stale.csv`;
    const unrecorded = `exports/${workspaceId}/crashed-before-recording.csv`;
    const qrFile = `qr/${workspaceId}/some-code/r1-abc.svg`;
    for (const key of [live, stale, unrecorded, qrFile]) await store.put(key, csv, 'text/csv');
    const liveId = await finishedExport(live, new Date(Date.now() + 20 * HOUR_MS));
    const staleId = await finishedExport(stale, new Date(Date.now() - HOUR_MS));

    expect(await expireExports(deps)).toBe(1);
    const rows = await t.deps.pool.query<{ id: string; status: string; storage_key: string | null }>(
      'SELECT id, status, storage_key FROM export_jobs ORDER BY id',
    );
    expect(rows.rows).toEqual(
      expect.arrayContaining([
        { id: liveId, status: 'succeeded', storage_key: live },
        { id: staleId, status: 'expired', storage_key: null },
      ]),
    );
    expect(await store.has(stale)).toBe(false);
    expect(await expireExports(deps)).toBe(0);

    // within the grace period a file without a row may be an export being recorded right now
    expect((await sweepOrphanExportFiles(deps)).deleted).toBe(0);
    const later = new Date(Date.now() + 2 * HOUR_MS);
    expect(await sweepOrphanExportFiles(deps, later)).toEqual({ scanned: 2, deleted: 1 });
    expect(await store.has(unrecorded)).toBe(false);
    expect(await store.has(live)).toBe(true);
    expect(await store.has(qrFile)).toBe(true); // not an export: the QR sweep's business
  });
});

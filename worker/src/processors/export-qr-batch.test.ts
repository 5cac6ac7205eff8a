import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { exportJob } from './export';

describe('export queue, kind qr_batch', () => {
  let t: TestWorkerDeps;
  let h: DbHandle;
  let root: string;
  let runtime: WorkerRuntime;
  let queue: ReturnType<typeof createQueue<'export'>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'linkhub-export-qr-'));
    t = await createTestWorkerDeps({ ARTIFACT_DIR: root });
    h = createDb(t.database.url);
    runtime = startWorkers(t.deps, { export: exportJob });
    queue = createQueue('export', t.deps.redis, t.deps.config.REDIS_PREFIX);
  });
  afterAll(async () => {
    await runtime.close();
    await queue.close();
    await h.close();
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs in the background, reports progress on the job and leaves the ZIP in ARTIFACT_DIR', async () => {
    const { linkDomainId } = await ensureSystemDomains(h.db, {});
    const owner = await insertUser(h.db);
    const workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
    for (const slug of ['menu1', 'menu2', 'menu3']) {
      await t.deps.pool.query(
        `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://acme.example/')`,
        [workspaceId, linkDomainId, slug],
      );
    }
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO export_jobs (workspace_id, kind, params) VALUES ($1, 'qr_batch', '{"format": "pdf", "size_mm": 50}') RETURNING id`,
      [workspaceId],
    );
    const exportId = rows[0]?.id ?? '';
    const job = await queue.add({ workspace_id: workspaceId, export_id: exportId, kind: 'qr_batch' });
    let state = '';
    for (let i = 0; i < 400 && state !== 'completed' && state !== 'failed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = await job.getState();
    }
    expect(state).toBe('completed');
    expect((await queue.queue.getJob(job.id ?? ''))?.progress).toBe(100);
    const row = (
      await t.deps.pool.query<{ status: string; storage_key: string }>(
        `SELECT status, storage_key FROM export_jobs WHERE id = $1`,
        [exportId],
      )
    ).rows[0];
    expect(row?.status).toBe('succeeded');
    const zip = unzipSync(
      (await createLocalArtifactStore(root).get(row?.storage_key ?? '')) ?? new Uint8Array(),
    );
    expect(Object.keys(zip).sort()).toEqual(['manifest.csv', 'menu1.pdf', 'menu2.pdf', 'menu3.pdf']);
    expect(new TextDecoder().decode(zip['menu1.pdf']?.slice(0, 5))).toBe('%PDF-');
  });
});

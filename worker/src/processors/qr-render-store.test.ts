import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactStore } from '@linkhub/shared/server/artifacts/config';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { startTestS3Server, type TestS3Server } from '@linkhub/shared/server/artifacts/s3-testing';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { createDb, ensureSystemDomains, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { workerEnvSchema } from '../env';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { artifactSweep } from './qr-render-sweep';
import { qrRender } from './qr-render';

/** The worker as configured by its environment: ARTIFACT_STORE=s3 puts every render in the bucket. */
describe('worker with ARTIFACT_STORE=s3', () => {
  let s3: TestS3Server;
  let bucket: ArtifactStore;
  let t: TestWorkerDeps;
  let h: DbHandle;
  let runtime: WorkerRuntime;
  let workspaceId: string;
  let domainId: string;

  beforeAll(async () => {
    s3 = await startTestS3Server();
    bucket = createArtifactStore(s3.config);
    t = await createTestWorkerDeps(s3.env);
    h = createDb(t.database.url);
    ({ linkDomainId: domainId } = await ensureSystemDomains(h.db, {}));
    workspaceId = (await insertWorkspace(h.db, { ownerUserId: (await insertUser(h.db)).id })).workspace.id;
    runtime = startWorkers(t.deps, { 'qr-render': qrRender, 'artifact-sweep': artifactSweep });
  });
  afterAll(async () => {
    await runtime.close();
    await h.close();
    await t.close();
    await s3.close();
  });

  async function run<Q extends 'qr-render' | 'artifact-sweep'>(
    name: Q,
    data: Parameters<ReturnType<typeof createQueue<Q>>['add']>[0],
  ) {
    const queue = createQueue(name, t.deps.redis, t.deps.config.REDIS_PREFIX);
    try {
      const job = await queue.add(data);
      for (let i = 0; i < 300; i++) {
        const state = await job.getState();
        if (state === 'completed' || state === 'failed')
          return {
            state,
            result: (await queue.queue.getJob(job.id ?? ''))?.returnvalue as
              Record<string, unknown> | undefined,
          };
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('job did not finish');
    } finally {
      await queue.close();
    }
  }

  it('renders into the bucket, and the nightly sweep keeps recorded and fresh files', async () => {
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, design) VALUES ($1, $2, 'bucket1', 'https://acme.example/', '{}') RETURNING id`,
      [workspaceId, domainId],
    );
    const rendered = await run('qr-render', {
      qr_code_id: rows[0]?.id ?? '',
      version: 1,
      format: 'svg',
      size_mm: 30,
    });
    expect(rendered.state).toBe('completed');
    const key = String(rendered.result?.['storage_key']);
    expect(new TextDecoder().decode((await bucket.get(key)) ?? new Uint8Array())).toContain('<svg');

    const stray = `qr/${workspaceId}/crashed/r1-0000.svg`;
    await bucket.put(stray, new TextEncoder().encode('<svg/>'), 'image/svg+xml');
    const swept = await run('artifact-sweep', { grace_minutes: 60 });
    expect(swept.state).toBe('completed');
    expect(swept.result).toEqual({ scanned: 2, deleted: 0, expired: 0 });
    expect(await bucket.has(key)).toBe(true);
    expect(await bucket.has(stray)).toBe(true); // younger than the grace period
  });

  it('refuses to start without the bucket settings when ARTIFACT_STORE=s3', () => {
    expect(() =>
      parseEnvOrThrow(workerEnvSchema, { ARTIFACT_STORE: 's3', S3_BUCKET: 'linkhub-test' }),
    ).toThrow(/S3_ACCESS_KEY_ID: is required when ARTIFACT_STORE=s3; S3_SECRET_ACCESS_KEY: is required/);
    expect(() => parseEnvOrThrow(workerEnvSchema, { ARTIFACT_STORE: 'ftp' })).toThrow(/ARTIFACT_STORE/);
    expect(parseEnvOrThrow(workerEnvSchema, {}).ARTIFACT_STORE).toBe('local');
  });
});

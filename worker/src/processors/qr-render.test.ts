import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { decodeQr } from '@linkhub/shared/server/qr/decode';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { createQrRenderProcessor } from './qr-render';

describe('qr-render queue', () => {
  let t: TestWorkerDeps;
  let h: DbHandle;
  let root: string;
  let store: ArtifactStore;
  let runtime: WorkerRuntime;
  let queue: ReturnType<typeof createQueue<'qr-render'>>;
  let workspaceId: string;
  let domainId: string;

  beforeAll(async () => {
    t = await createTestWorkerDeps();
    h = createDb(t.database.url);
    ({ linkDomainId: domainId } = await ensureSystemDomains(h.db, {}));
    const owner = await insertUser(h.db);
    workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
    root = await mkdtemp(join(tmpdir(), 'linkhub-qr-render-'));
    store = createLocalArtifactStore(root);
    runtime = startWorkers(t.deps, { 'qr-render': createQrRenderProcessor(() => store) });
    queue = createQueue('qr-render', t.deps.redis, t.deps.config.REDIS_PREFIX);
  });
  afterAll(async () => {
    await runtime.close();
    await queue.close();
    await h.close();
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  let n = 0;
  async function insertQr(design: object = {}): Promise<string> {
    const slug = `spring${(n += 1)}`;
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, design) VALUES ($1, $2, $3, 'https://acme.example/spring', $4) RETURNING id`,
      [workspaceId, domainId, slug, JSON.stringify(design)],
    );
    return rows[0]?.id ?? '';
  }

  async function run(data: Parameters<typeof queue.add>[0]) {
    const job = await queue.add(data);
    for (let i = 0; i < 300; i++) {
      const state = await job.getState();
      if (state === 'completed' || state === 'failed') {
        const done = await queue.queue.getJob(job.id ?? '');
        return {
          state,
          result: done?.returnvalue as Record<string, unknown> | undefined,
          attempts: done?.attemptsMade ?? 0,
          reason: done?.failedReason ?? '',
        };
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('job did not finish');
  }

  const artifacts = async (qrId: string) =>
    (
      await t.deps.pool.query<{
        design_revision: number;
        status: string;
        storage_key: string | null;
        error: string | null;
        decode_verified_at: Date | null;
      }>(
        `SELECT design_revision, status, storage_key, error, decode_verified_at FROM qr_render_artifacts WHERE qr_code_id = $1 ORDER BY created_at`,
        [qrId],
      )
    ).rows;

  it('renders a verified file that scans to the short URL, and reuses it for the same revision', async () => {
    const qrId = await insertQr({ fgColor: '#1a3d7c' });
    const first = await run({ qr_code_id: qrId, version: 1, format: 'svg', size_mm: 25 });
    expect(first.state).toBe('completed');
    expect(first.result?.['reused']).toBe(false);
    const key = String(first.result?.['storage_key']);
    const bytes = await store.get(key);
    expect(bytes).not.toBeNull();
    const { data, info } = await sharp(Buffer.from(bytes ?? new Uint8Array()), { density: 300 })
      .flatten({ background: '#ffffff' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
    const n2 = n;
    expect(await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([
      `http://LNK.LOCALHOST:8787/SPRING${n2}`,
    ]);

    const again = await run({ qr_code_id: qrId, version: 1, format: 'svg', size_mm: 25 });
    expect(again.result).toEqual(expect.objectContaining({ reused: true, storage_key: key }));
    const rows = await artifacts(qrId);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('ready');
    expect(rows[0]?.decode_verified_at).not.toBeNull();
  });

  it('renders again after a restyle and removes the files of the old revision', async () => {
    const qrId = await insertQr();
    const old = await run({ qr_code_id: qrId, version: 1, format: 'pdf', size_mm: 30 });
    const oldKey = String(old.result?.['storage_key']);
    expect(await store.has(oldKey)).toBe(true);
    await t.deps.pool.query(`UPDATE qr_codes SET design = $2, design_revision = 2 WHERE id = $1`, [
      qrId,
      JSON.stringify({ moduleShape: 'dots' }),
    ]);
    const next = await run({ qr_code_id: qrId, version: 2, format: 'pdf', size_mm: 30 });
    expect(next.result).toEqual(expect.objectContaining({ design_revision: 2, reused: false }));
    expect(await store.has(oldKey)).toBe(false);
    expect((await artifacts(qrId)).map((r) => r.design_revision)).toEqual([2]);
  });

  it('refuses a design that would not scan, once, recording why', async () => {
    const qrId = await insertQr({ fgColor: '#ffffff', bgColor: '#000000' });
    const result = await run({ qr_code_id: qrId, version: 1, format: 'png', size_mm: 30, dpi: 300 });
    expect(result.state).toBe('failed');
    expect(result.attempts).toBe(1);
    expect(result.reason).toContain('qr_unscannable');
    const [row] = await artifacts(qrId);
    expect(row?.status).toBe('failed');
    expect(JSON.parse(row?.error ?? '{}')).toEqual(expect.objectContaining({ code: 'qr_unscannable' }));
  });

  it('loads an uploaded logo asset from the store and renders it at H', async () => {
    const logo = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e4002b"/></svg>',
    );
    const storageKey = `assets/${workspaceId}/logo-1.svg`;
    await store.put(storageKey, logo, 'image/svg+xml');
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO uploaded_assets (workspace_id, kind, storage_key, content_type, byte_size, sha256) VALUES ($1, 'qr_logo', $2, 'image/svg+xml', $3, 'x') RETURNING id`,
      [workspaceId, storageKey, logo.byteLength],
    );
    const qrId = await insertQr({ logo: { source: { kind: 'asset', assetId: rows[0]?.id } } });
    const result = await run({ qr_code_id: qrId, version: 1, format: 'png', size_mm: 30, dpi: 300 });
    expect(result.state).toBe('completed');
    const png = await store.get(String(result.result?.['storage_key']));
    const { data, info } = await sharp(Buffer.from(png ?? new Uint8Array()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const centre = ((info.height >> 1) * info.width + (info.width >> 1)) * 4;
    expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([0xe4, 0x00, 0x2b]); // the logo, in the middle
    const image = {
      data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
      width: info.width,
      height: info.height,
    };
    expect(await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([
      `http://LNK.LOCALHOST:8787/SPRING${n}`,
    ]);
  });

  it('fails for good on a logo asset of another workspace', async () => {
    const other = await insertWorkspace(h.db, { ownerUserId: (await insertUser(h.db)).id });
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO uploaded_assets (workspace_id, kind, storage_key, content_type, byte_size, sha256) VALUES ($1, 'qr_logo', 'assets/other/logo.png', 'image/png', 1, 'x') RETURNING id`,
      [other.workspace.id],
    );
    const qrId = await insertQr({ logo: { source: { kind: 'asset', assetId: rows[0]?.id } } });
    const result = await run({ qr_code_id: qrId, version: 1, format: 'svg' });
    expect(result).toEqual(expect.objectContaining({ state: 'failed', attempts: 1 }));
    expect(result.reason).toContain('asset_not_found');
  });

  it('fails for good on a missing QR code or an unsupported DPI', async () => {
    const missing = await run({
      qr_code_id: '01890000-0000-7000-8000-000000000000',
      version: 1,
      format: 'svg',
    });
    expect(missing).toEqual(expect.objectContaining({ state: 'failed', attempts: 1 }));
    const dpi = await run({ qr_code_id: await insertQr(), version: 1, format: 'png', dpi: 72 });
    expect(dpi.reason).toContain('dpi must be 300 or 600');
  });
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { csvField } from '@linkhub/shared/analytics/csv';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { runQrBatchExport } from './qr-batch';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';

describe('QR batch export', () => {
  let t: TestWorkerDeps;
  let h: DbHandle;
  let root: string;
  let store: ArtifactStore;
  let workspaceId: string;
  let domainId: string;

  beforeAll(async () => {
    t = await createTestWorkerDeps();
    h = createDb(t.database.url);
    ({ linkDomainId: domainId } = await ensureSystemDomains(h.db, {}));
    const owner = await insertUser(h.db);
    workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
    root = await mkdtemp(join(tmpdir(), 'linkhub-qr-batch-'));
    store = createLocalArtifactStore(root);
  });
  afterAll(async () => {
    await h.close();
    await t.close();
    await rm(root, { recursive: true, force: true });
  });

  const insertQr = async (slug: string, title: string | null, design: object = {}) =>
    (
      await t.deps.pool.query<{ id: string }>(
        `INSERT INTO qr_codes (workspace_id, domain_id, slug, title, destination_url, design) VALUES ($1, $2, $3, $4, 'https://acme.example/menu', $5) RETURNING id`,
        [workspaceId, domainId, slug, title, JSON.stringify(design)],
      )
    ).rows[0]?.id ?? '';
  const insertExport = async (params: object) =>
    (
      await t.deps.pool.query<{ id: string }>(
        `INSERT INTO export_jobs (workspace_id, kind, params) VALUES ($1, 'qr_batch', $2) RETURNING id`,
        [workspaceId, JSON.stringify(params)],
      )
    ).rows[0]?.id ?? '';

  it('zips one validated file per code with a manifest, lists refused and missing codes, and reports progress', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 8; i++)
      ids.push(await insertQr(`table${i}`, i === 1 ? '=HYPERLINK("x"), table "one"' : `Table ${i}`));
    ids.push(await insertQr('inverted', 'Bad design', { fgColor: '#ffffff', bgColor: '#000000' }));
    const missingId = '01890000-0000-7000-8000-0000000000aa';
    const exportId = await insertExport({ qr_code_ids: [...ids, missingId], format: 'svg', size_mm: 40 });

    const progress: number[] = [];
    const result = await runQrBatchExport(
      { pool: t.deps.pool, store, addressOf: t.deps.addressOf },
      workspaceId,
      exportId,
      async (p) => {
        progress.push(p);
      },
    );
    expect(result).toEqual(expect.objectContaining({ files: 8, refused: 1, missing: 1 }));
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const { rows } = await t.deps.pool.query(
      `SELECT status, progress, row_count, storage_key, content_type, byte_size FROM export_jobs WHERE id = $1`,
      [exportId],
    );
    expect(rows[0]).toEqual(
      expect.objectContaining({
        status: 'succeeded',
        progress: 100,
        row_count: '8',
        content_type: 'application/zip',
        storage_key: `exports/${workspaceId}/${exportId}.zip`,
      }),
    );

    const zip = unzipSync((await store.get(result.storageKey)) ?? new Uint8Array());
    expect(Object.keys(zip).sort()).toEqual(
      [...Array.from({ length: 8 }, (_, i) => `table${i + 1}.svg`), 'manifest.csv'].sort(),
    );
    expect(strFromU8(zip['table3.svg'] ?? new Uint8Array())).toMatch(/^<svg [^>]*width="40mm"/);
    const manifest = strFromU8(zip['manifest.csv'] ?? new Uint8Array())
      .trim()
      .split('\r\n');
    expect(manifest[0]).toBe(
      'slug,short_url,title,file,format,size_mm,design_revision,sha256,status,problem',
    );
    expect(manifest).toHaveLength(1 + 10);
    expect(manifest.find((l) => l.startsWith('table1,'))).toContain(`"'=HYPERLINK(""x""), table ""one"""`);
    expect(manifest.find((l) => l.startsWith('table2,'))).toMatch(
      /^table2,http:\/\/lnk\.localhost:8787\/table2,Table 2,table2\.svg,svg,40,1,[0-9a-f]{64},ok,$/,
    );
    expect(manifest.find((l) => l.startsWith('inverted,'))).toContain(
      'refused,fgColor: inverted; bgColor: inverted',
    );
    expect(manifest.some((l) => l.includes('missing') && l.includes(missingId))).toBe(true);
  });

  it('exports every live code of the workspace when no ids are given, reusing rendered files', async () => {
    const exportId = await insertExport({ format: 'svg', size_mm: 40 });
    const before = (
      await t.deps.pool.query(`SELECT count(*)::int AS n FROM qr_render_artifacts WHERE status = 'ready'`)
    ).rows[0]?.n;
    const result = await runQrBatchExport(
      { pool: t.deps.pool, store, addressOf: t.deps.addressOf },
      workspaceId,
      exportId,
    );
    expect(result.files).toBe(8);
    const after = (
      await t.deps.pool.query(`SELECT count(*)::int AS n FROM qr_render_artifacts WHERE status = 'ready'`)
    ).rows[0]?.n;
    expect(after).toBe(before); // same revision, same options: nothing rendered twice
  });

  it('marks the export failed on bad parameters', async () => {
    const exportId = await insertExport({ format: 'gif' });
    await expect(
      runQrBatchExport({ pool: t.deps.pool, store, addressOf: t.deps.addressOf }, workspaceId, exportId),
    ).rejects.toThrow();
    const { rows } = await t.deps.pool.query(`SELECT status, error FROM export_jobs WHERE id = $1`, [
      exportId,
    ]);
    expect(rows[0]).toEqual({ status: 'failed', error: 'invalid export parameters' });
  });

  it('refuses an export id of another workspace', async () => {
    const exportId = await insertExport({ format: 'svg' });
    await expect(
      runQrBatchExport(
        { pool: t.deps.pool, store, addressOf: t.deps.addressOf },
        '01890000-0000-7000-8000-0000000000bb',
        exportId,
      ),
    ).rejects.toThrow(/no qr_batch export/);
  });

  it('escapes CSV fields', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField(null)).toBe('');
  });
});

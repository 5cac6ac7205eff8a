/**
 * The 500-code batch export ("500 table tents"): a scratch database with 500 QR codes,
 * rendered cold (validate + render + store each) and again warm (every artifact reused), to a ZIP
 * of PDFs with a manifest. Run alone with `npx tsx bench/qr/batch.ts [--codes 500] [--format pdf]`.
 */
import { addressesVia } from '@linkhub/shared/url/public-address';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, ensureSystemDomains, migrate } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { adminUrl, withDatabase } from '@linkhub/shared/server/db/testing';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { buildQrBatch } from '../../worker/src/artifacts/qr-batch';

export type BatchTiming = { codes: number; format: string; coldMs: number; warmMs: number; zipBytes: number };

export async function timeBatchExport(
  codes = 500,
  format: 'svg' | 'png' | 'pdf' | 'eps' = 'pdf',
): Promise<BatchTiming> {
  const name = `linkhub_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl(), name);
  const dir = await mkdtemp(join(tmpdir(), 'linkhub-bench-qr-'));
  const h = createDb(url);
  try {
    await migrate(url);
    const { linkDomainId } = await ensureSystemDomains(h.db, {});
    const owner = await insertUser(h.db);
    const workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
    await h.pool.query(
      `INSERT INTO qr_codes (workspace_id, domain_id, slug, title, destination_url)
       SELECT $1, $2, 'table' || i, 'Table ' || i, 'https://acme.example/menu' FROM generate_series(1, $3::int) AS i`,
      [workspaceId, linkDomainId, codes],
    );
    const deps = { pool: h.pool, store: createLocalArtifactStore(dir), addressOf: addressesVia(null) };
    let t = performance.now();
    const cold = await buildQrBatch(deps, workspaceId, 'bench-cold', { format, size_mm: 40 });
    const coldMs = performance.now() - t;
    if (cold.files !== codes) throw new Error(`expected ${codes} files, got ${cold.files}`);
    t = performance.now();
    await buildQrBatch(deps, workspaceId, 'bench-warm', { format, size_mm: 40 });
    const warmMs = performance.now() - t;
    return { codes, format, coldMs, warmMs, zipBytes: cold.byteSize };
  } finally {
    await h.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    await rm(dir, { recursive: true, force: true });
  }
}

export function printBatchTiming(r: BatchTiming): void {
  console.table([
    {
      run: `cold: validate + render + store ${r.codes} × ${r.format}`,
      seconds: Number((r.coldMs / 1000).toFixed(2)),
      'codes/s': Math.round((r.codes * 1000) / r.coldMs),
      'zip MB': Number((r.zipBytes / 1e6).toFixed(2)),
    },
    {
      run: `warm: ${r.codes} artifacts reused`,
      seconds: Number((r.warmMs / 1000).toFixed(2)),
      'codes/s': Math.round((r.codes * 1000) / r.warmMs),
      'zip MB': Number((r.zipBytes / 1e6).toFixed(2)),
    },
  ]);
}

if (import.meta.filename === process.argv[1]) {
  const arg = (flag: string, fallback: string) => {
    const i = process.argv.indexOf(`--${flag}`);
    return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
  };
  const format = arg('format', 'pdf');
  if (format !== 'svg' && format !== 'png' && format !== 'pdf' && format !== 'eps')
    throw new Error('--format is svg, png, pdf or eps');
  printBatchTiming(await timeBatchExport(Number(arg('codes', '500')), format));
}

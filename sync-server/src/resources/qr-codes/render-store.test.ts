import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactStore } from '@linkhub/shared/server/artifacts/config';
import { sweepOrphanQrFiles } from '@linkhub/shared/server/artifacts/orphans';
import { ensureQrArtifact } from '@linkhub/shared/server/artifacts/qr-artifacts';
import { startTestS3Server, type TestS3Server } from '@linkhub/shared/server/artifacts/s3-testing';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let s3: TestS3Server;
let store: ArtifactStore;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

beforeAll(async () => {
  s3 = await startTestS3Server();
  store = createArtifactStore(s3.config);
  // The sync-server reads the same S3 bucket the worker writes (ARTIFACT_STORE=s3 in both).
  kit = await startV1Kit({ artifacts: store });
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
  await s3.close();
});

type ArtifactRow = { design_revision: number; format: string; storage_key: string; sha256: string };
const artifactRows = async (qrId: string) =>
  (
    await kit.deps.pool.query<ArtifactRow>(
      `SELECT design_revision, format, storage_key, sha256 FROM qr_render_artifacts WHERE qr_code_id = $1 AND status = 'ready' ORDER BY created_at`,
      [qrId],
    )
  ).rows;

async function createQr(slug: string): Promise<QrCode> {
  const res = await kit.api('POST', '/v1/qr-codes', {
    key,
    body: { destination_url: 'https://example.com/menu', slug },
  });
  expect(res.status).toBe(201);
  return (await json<Envelope<QrCode>>(res)).data;
}

describe('GET /v1/qr-codes/{id}/render from the artifact store (S3)', () => {
  it('renders on a miss, records the artifact, and serves the stored object on the next request', async () => {
    const qr = await createQr('store-menu');
    const first = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=pdf&size_mm=40`, { key });
    expect(first.status).toBe(200);
    const firstBytes = await bytesOf(first);
    const rows = await artifactRows(qr.id);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    if (row === undefined) throw new Error('no artifact row');
    expect(row).toMatchObject({ design_revision: 1, format: 'pdf' });
    // The object in the bucket is exactly what was answered.
    expect(Buffer.from((await store.get(row.storage_key)) ?? new Uint8Array()).equals(firstBytes)).toBe(true);
    expect(first.headers.get('ETag')).toBe(`"${row.sha256}"`);

    const second = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=pdf&size_mm=40`, { key });
    expect(second.status).toBe(200);
    expect((await bytesOf(second)).equals(firstBytes)).toBe(true);
    expect(second.headers.get('Content-Length')).toBe(String(firstBytes.byteLength));
    expect(await artifactRows(qr.id)).toHaveLength(1);

    // Other options are another artifact of the same revision.
    expect((await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=pdf&size_mm=60`, { key })).status).toBe(
      200,
    );
    expect((await artifactRows(qr.id)).map((r) => r.format)).toEqual(['pdf', 'pdf']);
  });

  it('serves what the worker rendered into the store, without rendering again', async () => {
    const qr = await createQr('store-worker');
    // The worker's qr-render job runs exactly this against its configured store.
    const made = await ensureQrArtifact(
      { pool: kit.deps.pool, store, addressOf: kit.deps.addressOf },
      { qrCodeId: qr.id, format: 'svg', sizeMm: 25 },
    );
    // Mark the stored object: if the route rendered instead of reading the store, the mark would be missing.
    const marked = new TextEncoder().encode(
      `${new TextDecoder().decode(made.bytes)}<!-- rendered by the worker -->`,
    );
    await store.put(made.storageKey, marked, 'image/svg+xml');
    const res = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=svg&size_mm=25`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(await res.text()).toContain('<!-- rendered by the worker -->');
  });

  it('a restyle makes a new artifact and removes the superseded revision from the bucket', async () => {
    const qr = await createQr('store-restyle');
    const before = await bytesOf(
      await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&dpi=300`, { key }),
    );
    const [old] = await artifactRows(qr.id);
    if (old === undefined) throw new Error('no artifact row');
    const patched = await kit.api('PATCH', `/v1/qr-codes/${qr.id}`, {
      key,
      body: { design: { fg_color: '#1a3d7c' } },
    });
    expect(patched.status).toBe(200);
    const after = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&dpi=300`, { key });
    expect(after.status).toBe(200);
    expect((await bytesOf(after)).equals(before)).toBe(false);
    const rows = await artifactRows(qr.id);
    expect(rows.map((r) => r.design_revision)).toEqual([2]);
    expect(rows[0]?.storage_key).not.toBe(old.storage_key);
    expect(await store.has(old.storage_key)).toBe(false);
  });

  it('the orphan sweep deletes files no artifact row points at, and keeps the rest', async () => {
    const qr = await createQr('store-sweep');
    await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=eps`, { key });
    const [kept] = await artifactRows(qr.id);
    if (kept === undefined) throw new Error('no artifact row');
    const stray = `qr/${qr.workspace_id}/${qr.id}/r0-crashed.eps`;
    await store.put(stray, new TextEncoder().encode('%!PS'), 'application/postscript');
    // Younger than the grace period: a render may be about to record it.
    expect((await sweepOrphanQrFiles({ pool: kit.deps.pool, store })).deleted).toBe(0);
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const swept = await sweepOrphanQrFiles({ pool: kit.deps.pool, store }, later);
    expect(swept.deleted).toBe(1);
    expect(await store.has(stray)).toBe(false);
    expect(await store.has(kept.storage_key)).toBe(true);
  });

  it('an unscannable stored design is 422 with its fixes, and nothing is stored', async () => {
    const qr = await createQr('store-bad');
    // A design that got past no validator (written straight to the row).
    await kit.deps.pool.query(`UPDATE qr_codes SET design = $2, design_revision = 2 WHERE id = $1`, [
      qr.id,
      JSON.stringify({ fgColor: '#ffffff', bgColor: '#000000' }),
    ]);
    const res = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=svg`, { key });
    expect(res.status).toBe(422);
    const body = await json<ErrorBody>(res);
    expect(body.error.code).toBe('qr_unscannable');
    expect(body.error.details.length).toBeGreaterThan(0);
    expect(await artifactRows(qr.id)).toEqual([]);
  });
});

import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { qrBatchExportViewSchema } from '@linkhub/shared/schemas/qr-exports';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../../testing/v1-kit';

/** QR batch exports from the editor: start (every code authorised), progress, download of the ZIP. */
let kit: V1Kit;
let key: string;
let queue: Queue;
const written: string[] = [];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  queue = new Queue('export', {
    connection: kit.deps.redis,
    prefix: bullPrefix(kit.deps.config.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await queue.close();
  for (const key of written) await kit.deps.artifacts.delete(key);
  await kit.stop();
});

async function qrCode(apiKey: string, slug: string): Promise<string> {
  const res = await kit.api('POST', '/v1/qr-codes', {
    key: apiKey,
    body: { destination_url: 'https://example.com/menu', slug },
  });
  if (res.status !== 201) throw new Error(`qr ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

const base = () => `/api/workspaces/${kit.owner.workspaceId}/qr-exports`;
const viewOf = async (res: Response) =>
  qrBatchExportViewSchema.parse(((await res.json()) as { data: unknown }).data);

describe('/api/workspaces/{ws}/qr-exports', () => {
  it('records a queued qr_batch export, enqueues the worker job, reports progress and serves the ZIP once built', async () => {
    const ids = [await qrCode(key, 'batch-a'), await qrCode(key, 'batch-b')];
    const res = await kit.call('POST', base(), {
      token: kit.owner.token,
      body: { qr_code_ids: ids, format: 'svg', size_mm: 40 },
    });
    expect(res.status).toBe(202);
    const started = await viewOf(res);
    expect(started).toMatchObject({
      status: 'queued',
      progress: 0,
      format: 'svg',
      code_count: 2,
      download_url: null,
    });
    await kit.deps.commands.settled();
    const job = await queue.getJob(`export-${started.id}`);
    expect(job?.data).toEqual({
      workspace_id: kit.owner.workspaceId,
      export_id: started.id,
      kind: 'qr_batch',
    });
    const [row] = (
      await kit.deps.pool.query<{ params: unknown }>('SELECT params FROM export_jobs WHERE id = $1', [
        started.id,
      ])
    ).rows;
    expect(row?.params).toEqual({ qr_code_ids: ids, format: 'svg', size_mm: 40 });

    expect(
      (await kit.call('GET', `${base()}/${started.id}/download`, { token: kit.owner.token })).status,
    ).toBe(404);

    // What the worker does when it finishes: the ZIP in the artifact folder, the row succeeded.
    const storageKey = `exports/${kit.owner.workspaceId}/${started.id}.zip`;
    await kit.deps.artifacts.put(
      storageKey,
      new TextEncoder().encode('PK\u0003\u0004 zip bytes'),
      'application/zip',
    );
    written.push(storageKey);
    await kit.deps.pool.query(
      "UPDATE export_jobs SET status = 'succeeded', progress = 100, row_count = 2, storage_key = $2, byte_size = 16, finished_at = now(), expires_at = now() + interval '7 days' WHERE id = $1",
      [started.id, storageKey],
    );
    const done = await viewOf(await kit.call('GET', `${base()}/${started.id}`, { token: kit.owner.token }));
    expect(done).toMatchObject({
      status: 'succeeded',
      progress: 100,
      file_count: 2,
      download_url: `${base()}/${started.id}/download`,
    });
    const download = await kit.call('GET', done.download_url ?? '', { token: kit.owner.token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    expect(download.headers.get('content-disposition')).toMatch(
      /attachment; filename="linkhub-qr-codes-.*\.zip"/,
    );
    expect(new Uint8Array(await download.arrayBuffer()).slice(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));

    // Once the stored file is gone (swept, or the store was emptied), the link says so: 410, not a 500.
    await kit.deps.artifacts.delete(storageKey);
    const gone = await kit.call('GET', done.download_url ?? '', { token: kit.owner.token });
    expect(gone.status).toBe(410);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toMatch(
      /start a new export/,
    );
  });

  it('refuses a code of another workspace with the missing-code 404 and records nothing', async () => {
    const mine = await qrCode(key, 'batch-mine');
    const theirs = await qrCode(await kit.key(ALL_SCOPES, 'other'), 'batch-theirs');
    const before = await kit.count('export_jobs');
    const cross = await kit.call('POST', base(), {
      token: kit.owner.token,
      body: { qr_code_ids: [mine, theirs] },
    });
    expect(cross.status).toBe(404);
    expect(((await cross.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect(await kit.count('export_jobs')).toBe(before);
  });

  it('answers bad input with the error envelope (400, one entry per field) and a stranger with 404', async () => {
    const bad = await kit.call('POST', base(), {
      token: kit.owner.token,
      body: { qr_code_ids: [], format: 'gif', size_mm: 1 },
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { error: { details: Array<{ field: string }> } }).error.details
      .map((d) => d.field)
      .sort();
    expect(fields).toEqual(['format', 'qr_code_ids', 'size_mm']);
    const id = await qrCode(key, 'batch-private');
    const started = await viewOf(
      await kit.call('POST', base(), { token: kit.owner.token, body: { qr_code_ids: [id] } }),
    );
    const stranger = await kit.call('GET', `${base()}/${started.id}`, { token: kit.other.token });
    expect(stranger.status).toBe(404);
    expect((await kit.call('GET', `${base()}/${started.id}`)).status).toBe(401);
  });
});

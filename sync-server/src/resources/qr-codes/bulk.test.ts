import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';
import type { BulkQrCodeResult } from './bulk-schema';

let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

type Bulk = { data: BulkQrCodeResult[]; meta: { created: number; failed: number } };
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const bulk = (
  body: unknown,
  opts: { key?: string; token?: string; headers?: Record<string, string> } = { key },
) =>
  opts.token === undefined
    ? kit.api('POST', '/v1/qr-codes/bulk', { key: opts.key, body, headers: opts.headers })
    : kit.call('POST', '/v1/qr-codes/bulk', { token: opts.token, body, headers: opts.headers });
const countIn = async (table: 'qr_codes' | 'qr_slug_reservations', workspaceId: string) => {
  const sql =
    table === 'qr_codes'
      ? 'SELECT count(*) AS n FROM qr_codes WHERE workspace_id = $1'
      : 'SELECT count(*) AS n FROM qr_slug_reservations r JOIN qr_codes q ON q.domain_id = r.domain_id AND q.slug = r.slug WHERE q.workspace_id = $1';
  return Number((await kit.deps.pool.query<{ n: string }>(sql, [workspaceId])).rows[0]?.n);
};
const failure = (r: BulkQrCodeResult | undefined) => (r?.status === 'failed' ? r.error : undefined);
const created = (r: BulkQrCodeResult | undefined) => (r?.status === 'created' ? r.qr_code : undefined);

describe('POST /v1/qr-codes/bulk', () => {
  it('creates the good codes and fails the bad ones alone, in request order, each exactly as a single create would', async () => {
    const taken = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/held', slug: 'bulk-held' },
    });
    expect(taken.status).toBe(201);
    const before = await countIn('qr_codes', kit.owner.workspaceId);
    const res = await bulk({
      qr_codes: [
        { destination_url: 'https://example.com/table/1', title: 'Table 1', slug: 'table-1' },
        { destination_url: 'not a url' },
        { destination_url: 'https://example.com/table/3', design: { fg_color: '#fefefe' } },
        { destination_url: 'https://example.com/table/4', colour: 'red' },
        { destination_url: 'https://example.com/table/5', slug: 'bulk-held' },
        { destination_url: 'https://example.com/table/6', slug: 'table-1' },
        { destination_url: 'https://intranet.example.com/' },
        {
          destination_url: 'https://example.com/table/8',
          design: { fg_color: '#1a237e', frame: { label: 'SCAN FOR THE MENU' } },
        },
      ],
    });
    expect(res.status).toBe(200);
    const body = await json<Bulk>(res);
    expect(body.data.map((r) => [r.index, r.status])).toEqual([
      [0, 'created'],
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
      [4, 'failed'],
      [5, 'failed'],
      [6, 'failed'],
      [7, 'created'],
    ]);
    expect(body.meta).toEqual({ created: 2, failed: 6 });
    expect(failure(body.data[1])).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'destination_url' })],
    });
    expect(failure(body.data[2])?.code).toBe('qr_unscannable');
    expect(failure(body.data[3])).toMatchObject({
      code: 'validation_failed',
      details: [expect.objectContaining({ field: 'colour' })],
    });
    expect(failure(body.data[4])?.code).toMatch(/^(slug_taken|qr_slug_reserved)$/);
    expect(failure(body.data[5])?.code).toMatch(/^(slug_taken|qr_slug_reserved)$/);
    expect(failure(body.data[6])?.code).toBe('destination_unsafe');
    for (const r of body.data) if (r.status === 'failed') expect(r.error).not.toHaveProperty('request_id');

    expect(await countIn('qr_codes', kit.owner.workspaceId)).toBe(before + 2);
    // Each created code is what GET answers for it: the same encoded text, design and reservation.
    for (const item of [created(body.data[0]), created(body.data[7])]) {
      if (item === undefined) throw new Error('expected a created code');
      const one = await json<Envelope<QrCode>>(await kit.api('GET', `/v1/qr-codes/${item.id}`, { key }));
      expect(one.data).toEqual(item);
      const held = await kit.deps.pool.query('SELECT 1 FROM qr_slug_reservations WHERE slug = $1', [
        item.slug,
      ]);
      expect(held.rowCount).toBe(1);
    }
    expect(created(body.data[0])).toMatchObject({ slug: 'table-1', title: 'Table 1' });
    expect(created(body.data[7])?.design).toMatchObject({
      fg_color: '#1a237e',
      frame: { label: 'SCAN FOR THE MENU' },
    });
  });

  it('stops at the plan limit mid-batch: the codes that fit are created, the rest fail with plan_limit_reached', async () => {
    const free = await kit.signUp('v1-qr-bulk-free@example.com');
    const res = await bulk(
      {
        workspace_id: free.workspaceId,
        qr_codes: Array.from({ length: 7 }, (_, i) => ({ destination_url: `https://example.com/tent/${i}` })),
      },
      { token: free.token },
    );
    expect(res.status).toBe(200);
    const body = await json<Bulk>(res);
    expect(body.data.map((r) => r.status)).toEqual([
      'created',
      'created',
      'created',
      'created',
      'created',
      'failed',
      'failed',
    ]);
    expect(failure(body.data[5])).toMatchObject({
      code: 'plan_limit_reached',
      details: [expect.objectContaining({ limit: 5, plan: 'free' })],
    });
    expect(await countIn('qr_codes', free.workspaceId)).toBe(5);
    expect(await countIn('qr_slug_reservations', free.workspaceId)).toBe(5);
  });

  it('replays an Idempotency-Key: the same response, nothing created twice; another body with the key is refused', async () => {
    const payload = {
      qr_codes: [{ destination_url: 'https://example.com/idem-qr' }, { destination_url: 'x' }],
    };
    const headers = { 'Idempotency-Key': 'qr-bulk-idem-1' };
    const first = await bulk(payload, { key, headers });
    expect(first.status).toBe(200);
    const count = await countIn('qr_codes', kit.owner.workspaceId);
    const again = await bulk(payload, { key, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    expect(await countIn('qr_codes', kit.owner.workspaceId)).toBe(count);
    const reused = await bulk(
      { qr_codes: [{ destination_url: 'https://example.com/other' }] },
      { key, headers },
    );
    expect(reused.status).toBe(422);
    expect(await countIn('qr_codes', kit.owner.workspaceId)).toBe(count);
  });

  it('refuses the request as a whole for who may not create, a malformed envelope or too many items; nothing is created', async () => {
    const count = await countIn('qr_codes', kit.owner.workspaceId);
    const readOnly = await kit.key(['qr:read']);
    const item = { destination_url: 'https://example.com/nope' };
    expect((await bulk({ qr_codes: [item] }, { key: readOnly })).status).toBe(403);
    const stranger = await bulk(
      { workspace_id: kit.owner.workspaceId, qr_codes: [item] },
      { token: kit.other.token },
    );
    expect(stranger.status).toBe(404);
    expect((await bulk({ qr_codes: [item] }, { token: kit.owner.token })).status).toBe(400);
    expect((await bulk({ qr_codes: [] })).status).toBe(400);
    expect((await bulk({ qr_codes: Array.from({ length: 101 }, () => item) })).status).toBe(400);
    expect((await bulk({ qr_codes: [item], extra: true })).status).toBe(400);
    expect(await countIn('qr_codes', kit.owner.workspaceId)).toBe(count);
  });
});

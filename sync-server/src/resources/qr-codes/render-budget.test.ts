import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxPngSizeMm, QR_PNG_MAX_SIDE_PX } from '@linkhub/shared/qr/pixel-budget';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let qr: QrCode;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
type Refusal = {
  error: {
    code: string;
    message: string;
    details: Array<{ field: string; issue: string; max_size_mm?: number; dpi?: number }>;
  };
};

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/qr-codes', {
    key,
    body: { destination_url: 'https://example.com/poster', slug: 'poster' },
  });
  expect(res.status).toBe(201);
  qr = (await json<Envelope<QrCode>>(res)).data;
});
afterAll(async () => {
  await kit.stop();
});

const artifactCount = async () =>
  Number(
    (
      await kit.deps.pool.query<{ n: string }>(
        'SELECT count(*) AS n FROM qr_render_artifacts WHERE qr_code_id = $1',
        [qr.id],
      )
    ).rows[0]?.n,
  );

describe('QR PNG renders are bounded', () => {
  it('refuses 1000 mm at 600 DPI with 422 naming the largest size at that DPI, rendering nothing', async () => {
    const res = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&size_mm=1000&dpi=600`, { key });
    expect(res.status).toBe(422);
    const body = await json<Refusal>(res);
    expect(body.error.code).toBe('qr_render_too_large');
    expect(body.error.details[0]).toMatchObject({
      field: 'size_mm',
      issue: 'too_large_for_dpi',
      dpi: 600,
      max_size_mm: 254,
    });
    expect(body.error.message).toContain('254 mm');
    expect(await artifactCount()).toBe(0);
    // At 300 DPI the same budget allows twice the size.
    expect(maxPngSizeMm(300)).toBe(508);
    expect(QR_PNG_MAX_SIDE_PX).toBe(6000);
    const at300 = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&size_mm=700&dpi=300`, {
      key,
    });
    expect((await json<Refusal>(at300)).error.details[0]).toMatchObject({ max_size_mm: 508, dpi: 300 });
  });

  it('still renders a valid PNG, in the render pool', async () => {
    const before = kit.deps.renderPool.completed();
    const res = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&size_mm=40&dpi=600`, { key });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Array.from(bytes.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
    expect(kit.deps.renderPool.completed()).toBe(before + 1);
  });

  it('keeps sizes to 0.1 mm: 50.04 mm and 50.0 mm are one file, rendered once', async () => {
    const before = await artifactCount();
    const rendered = kit.deps.renderPool.completed();
    const first = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&size_mm=50.04`, { key });
    expect(first.status).toBe(200);
    const second = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&size_mm=50`, { key });
    expect(second.status).toBe(200);
    expect(second.headers.get('ETag')).toBe(first.headers.get('ETag'));
    expect(await artifactCount()).toBe(before + 1);
    expect(kit.deps.renderPool.completed()).toBe(rendered + 1);
    const { rows } = await kit.deps.pool.query<{ size_mm: string }>(
      "SELECT size_mm FROM qr_render_artifacts WHERE qr_code_id = $1 AND format = 'png' AND dpi = 300",
      [qr.id],
    );
    expect(rows.map((r) => Number(r.size_mm))).toEqual([50]);
  });

  it('refuses a batch export of PNGs over the budget before queueing it', async () => {
    const res = await kit.call('POST', `/api/workspaces/${kit.owner.workspaceId}/qr-exports`, {
      token: kit.owner.token,
      body: { qr_code_ids: [qr.id], format: 'png', size_mm: 300, dpi: 600 },
    });
    expect(res.status).toBe(422);
    expect((await json<Refusal>(res)).error.details[0]).toMatchObject({
      issue: 'too_large_for_dpi',
      max_size_mm: 254,
    });
    expect(await kit.count("export_jobs WHERE kind = 'qr_batch'")).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeSheet,
  gridCellBoxMm,
  sheetFonts,
  sheetInfo,
} from '@linkhub/shared/server/qr/print-sheet/testing';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type ErrorBody, type V1Kit } from '../../testing/v1-kit';
import type { BulkQrCodeResult } from './bulk-schema';

let kit: V1Kit;
let key: string;
let codes: QrCode[];

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const res = await kit.api('POST', '/v1/qr-codes/bulk', {
    key,
    body: {
      qr_codes: Array.from({ length: 5 }, (_, i) => ({
        destination_url: `https://example.com/menu?table=${i + 1}`,
        title: `Table ${i + 1}`,
        ...(i % 2 === 1 ? { design: { frame: { label: 'SCAN FOR THE MENU' } } } : {}),
      })),
    },
  });
  const body = (await res.json()) as { data: BulkQrCodeResult[] };
  codes = body.data.flatMap((r) => (r.status === 'created' ? [r.qr_code] : []));
});
afterAll(async () => {
  await kit.stop();
});

const sheet = (body: unknown, opts: { key?: string; token?: string } = { key }) =>
  opts.token === undefined
    ? kit.api('POST', '/v1/qr-codes/print-sheet', { key: opts.key, body })
    : kit.call('POST', '/v1/qr-codes/print-sheet', { token: opts.token, body });

describe('POST /v1/qr-codes/print-sheet', () => {
  it("prints the codes in the order given, N a page, each decoding to the API's encoded_text under both decoders", async () => {
    expect(codes).toHaveLength(5);
    const ordered = [...codes].reverse();
    const res = await sheet({
      qr_code_ids: ordered.map((c) => c.id),
      paper: 'a4',
      layout: { rows: 2, columns: 2 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await sheetInfo(bytes)).toEqual({ pages: 2, widthMm: 210, heightMm: 297 });
    const cells = await decodeSheet(bytes, {
      dpi: 200,
      count: ordered.length,
      perPage: 4,
      boxOf: (i) => gridCellBoxMm('a4', 2, 2, i),
    });
    expect(cells).toEqual(
      ordered.map((c) => ({ localAverage: [c.encoded_text], globalHistogram: [c.encoded_text] })),
    );
    for (const font of await sheetFonts(bytes)) expect(font.embedded).toBe(true);
  });

  it('takes the editor session naming its workspace; a code of another workspace is the 404 of a missing one', async () => {
    const mine = await sheet(
      { workspace_id: kit.owner.workspaceId, qr_code_ids: [codes[0]?.id], layout: { preset: 'table_tent' } },
      { token: kit.owner.token },
    );
    expect(mine.status).toBe(200);
    const stranger = await sheet(
      { workspace_id: kit.owner.workspaceId, qr_code_ids: [codes[0]?.id] },
      { token: kit.other.token },
    );
    expect(stranger.status).toBe(404);
    const otherKey = await kit.key(ALL_SCOPES, 'other');
    const foreign = await sheet({ qr_code_ids: [codes[0]?.id] }, { key: otherKey });
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as ErrorBody).error.details).toEqual([
      expect.objectContaining({ field: 'qr_code_ids.0', issue: 'not_found' }),
    ]);
  });

  it('refuses a layout too dense for a printable code and a malformed body with the one envelope', async () => {
    const dense = await sheet({ qr_code_ids: codes.map((c) => c.id), layout: { rows: 10, columns: 10 } });
    expect(dense.status).toBe(400);
    expect(((await dense.json()) as ErrorBody).error.details).toEqual([
      expect.objectContaining({ field: 'layout', issue: 'code_too_small' }),
    ]);
    expect((await sheet({ qr_code_ids: [] })).status).toBe(400);
    expect((await sheet({ qr_code_ids: [codes[0]?.id], paper: 'a3' })).status).toBe(400);
    expect((await sheet({ qr_code_ids: [codes[0]?.id], layout: { preset: 'poster' } })).status).toBe(400);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createSyncHarness, eventually, syncRound, type SyncHarness } from '../../testing/sync-harness';

let h: SyncHarness;
beforeAll(async () => {
  h = await createSyncHarness();
});
afterAll(async () => h.close());

const render = (token: string, id: string) =>
  h.app.request(`/v1/qr-codes/${id}/render?format=pdf&size_mm=30`, {
    headers: { authorization: `Bearer ${token}` },
  });

describe('QR print export from the editor (session)', () => {
  it("a member downloads the PDF; anyone else gets the same 404 as for a code that doesn't exist", async () => {
    const owner = await h.signUp('Printer');
    const stranger = await h.signUp('Stranger');
    const client = h.client(owner.token);
    const id = randomUUID();
    await client.rep.mutate.createQrCode({
      id,
      workspace_id: owner.workspaceId,
      destination_url: 'https://example.com/menu',
      slug: `menu-${id.slice(0, 6)}`,
    });
    await eventually(
      () => h.sql('SELECT 1 FROM qr_codes WHERE id = $1', [id]),
      (rows) => rows.length === 1,
      client,
    );

    const ok = await render(owner.token, id);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await ok.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const foreign = await render(stranger.token, id);
    const missing = await render(stranger.token, randomUUID());
    expect(foreign.status).toBe(404);
    const strip = (body: string) => body.replace(/"request_id":"[^"]*"/, '');
    expect(strip(await foreign.text())).toBe(strip(await missing.text()));
    await syncRound(client);
  });
});

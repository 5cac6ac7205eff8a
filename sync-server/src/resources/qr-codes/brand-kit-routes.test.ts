import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandKit } from '@linkhub/shared/schemas/brand-kits';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';
import type { BulkQrCodeResult } from './bulk-schema';

let kit: V1Kit;
let key: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

const BISTRO = {
  fg_color: '#1a237e',
  module_shape: 'rounded',
  frame: { label: 'SCAN FOR THE MENU', color: '#1a237e', text_color: '#ffffff', font: 'serif' },
};
const newKit = async (name: string, design: unknown = BISTRO): Promise<BrandKit> => {
  const res = await kit.api('POST', '/v1/brand-kits', { key, body: { name, design } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<Envelope<BrandKit>>(res)).data;
};

describe('/v1/brand-kits', () => {
  it('saves, lists, renames and deletes a kit; a name is the workspace’s once, whatever its case', async () => {
    const bistro = await newKit('Bistro');
    expect(bistro.design).toMatchObject({
      fg_color: '#1a237e',
      module_shape: 'rounded',
      frame: { font: 'serif' },
    });
    const dup = await kit.api('POST', '/v1/brand-kits', { key, body: { name: 'BISTRO', design: {} } });
    expect(dup.status).toBe(409);
    const renamed = await kit.api('PATCH', `/v1/brand-kits/${bistro.id}`, {
      key,
      body: { name: 'Bistro summer' },
    });
    expect((await json<Envelope<BrandKit>>(renamed)).data).toMatchObject({
      name: 'Bistro summer',
      design: bistro.design,
    });
    const listed = await json<Envelope<BrandKit[]>>(await kit.api('GET', '/v1/brand-kits', { key }));
    expect(listed.data.map((k) => k.name)).toContain('Bistro summer');
    const bad = await kit.api('POST', '/v1/brand-kits', {
      key,
      body: { name: 'x', design: { fg_color: 'blue' } },
    });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.details[0]?.field).toBe('design.fg_color');
    expect((await kit.api('DELETE', `/v1/brand-kits/${bistro.id}`, { key })).status).toBe(200);
    expect((await kit.api('GET', `/v1/brand-kits/${bistro.id}`, { key })).status).toBe(404);
  });

  it('a viewer reads the kits but cannot change them; another workspace does not see them', async () => {
    const shared = await newKit('Shared');
    const viewer = await kit.signUp('brand-kit-viewer@example.com');
    await kit.deps.pool.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')",
      [kit.owner.workspaceId, viewer.userId],
    );
    const ws = kit.owner.workspaceId;
    const read = await kit.call('GET', `/v1/brand-kits?workspace_id=${ws}`, { token: viewer.token });
    expect(read.status).toBe(200);
    expect((await json<Envelope<BrandKit[]>>(read)).data.map((k) => k.id)).toContain(shared.id);
    const create = await kit.call('POST', '/v1/brand-kits', {
      token: viewer.token,
      body: { workspace_id: ws, name: 'Mine', design: {} },
    });
    expect(create.status).toBe(403);
    const edit = await kit.call('PATCH', `/v1/brand-kits/${shared.id}`, {
      token: viewer.token,
      body: { workspace_id: ws, name: 'Taken over' },
    });
    expect(edit.status).toBe(403);
    const drop = await kit.call('DELETE', `/v1/brand-kits/${shared.id}?workspace_id=${ws}`, {
      token: viewer.token,
    });
    expect(drop.status).toBe(403);
    expect((await kit.api('GET', `/v1/brand-kits/${shared.id}`, { key })).status).toBe(200);
    const otherKey = await kit.key(ALL_SCOPES, 'other');
    expect((await kit.api('GET', `/v1/brand-kits/${shared.id}`, { key: otherKey })).status).toBe(404);
    const foreign = await kit.api('POST', '/v1/qr-codes', {
      key: otherKey,
      body: { destination_url: 'https://example.com/x', brand_kit_id: shared.id },
    });
    expect(foreign.status).toBe(404);
    expect((await json<ErrorBody>(foreign)).error.details).toEqual([
      expect.objectContaining({ field: 'brand_kit_id', issue: 'not_found' }),
    ]);
  });

  it('applies a kit to a new code and to every code of a bulk create; a code’s own design keys win, a label keeps the kit’s frame', async () => {
    const bistro = await newKit('Bistro apply');
    const one = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/kit-1', brand_kit_id: bistro.id },
    });
    expect(one.status, await one.clone().text()).toBe(201);
    expect((await json<Envelope<QrCode>>(one)).data.design).toEqual(bistro.design);

    const res = await kit.api('POST', '/v1/qr-codes/bulk', {
      key,
      body: {
        brand_kit_id: bistro.id,
        qr_codes: [
          { destination_url: 'https://example.com/kit-2' },
          { destination_url: 'https://example.com/kit-3', design: { frame: { label: 'TABLE 3' } } },
          { destination_url: 'https://example.com/kit-4', design: { fg_color: '#004d40' } },
          {
            destination_url: 'https://example.com/kit-5',
            brand_kit_id: '0190c6b2-8f3e-7c1a-9d2e-3f4a5b6c7d8e',
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const data = (await json<{ data: BulkQrCodeResult[] }>(res)).data;
    const design = (i: number) => {
      const r = data[i];
      return r?.status === 'created' ? r.qr_code.design : undefined;
    };
    expect(design(0)).toEqual(bistro.design);
    expect(design(1)).toEqual({ ...bistro.design, frame: { ...BISTRO.frame, label: 'TABLE 3' } });
    expect(design(2)).toEqual({ ...bistro.design, fg_color: '#004d40' });
    expect(data[3]).toMatchObject({
      status: 'failed',
      error: { code: 'not_found', details: [{ field: 'brand_kit_id' }] },
    });

    // Deleting the kit leaves the codes made with it as they are.
    expect((await kit.api('DELETE', `/v1/brand-kits/${bistro.id}`, { key })).status).toBe(200);
    const first = data[0];
    if (first?.status !== 'created') throw new Error('expected a created code');
    const after = await json<Envelope<QrCode>>(
      await kit.api('GET', `/v1/qr-codes/${first.qr_code.id}`, { key }),
    );
    expect(after.data.design).toEqual(bistro.design);
  });
});

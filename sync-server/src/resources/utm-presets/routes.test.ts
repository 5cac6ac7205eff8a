import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UtmPreset } from '@linkhub/shared/schemas/utm-presets';
import type { Link } from '@linkhub/shared/schemas/links';
import type { BulkLinkResult } from '../links/bulk-schema';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let otherKey: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  otherKey = await kit.key(ALL_SCOPES, 'other');
});
afterAll(async () => {
  await kit.stop();
});

const list = async (as = key): Promise<UtmPreset[]> => {
  const res = await kit.api('GET', '/v1/utm-presets', { key: as });
  expect(res.status).toBe(200);
  return (await json<Envelope<UtmPreset[]>>(res)).data;
};
const create = async (name: string, utm: Record<string, string>): Promise<UtmPreset> => {
  const res = await kit.api('POST', '/v1/utm-presets', { key, body: { name, utm } });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await json<Envelope<UtmPreset>>(res)).data;
};

describe('/v1/utm-presets (D-623)', () => {
  it('every workspace starts with the three presets the editor had built in', async () => {
    expect((await list()).map((p) => [p.name, p.utm])).toEqual([
      ['Instagram', { source: 'instagram', medium: 'social' }],
      ['Newsletter', { source: 'newsletter', medium: 'email' }],
      ['Print (QR)', { source: 'print', medium: 'qr' }],
    ]);
    expect(await list(otherKey)).toHaveLength(3);
  });

  it('creates, reads, renames, changes and deletes a preset; a name is the workspace’s once', async () => {
    const spring = await create('Spring mail', { source: 'newsletter', medium: 'email', campaign: 'spring' });
    expect(
      (await kit.api('POST', '/v1/utm-presets', { key, body: { name: 'SPRING MAIL', utm: {} } })).status,
    ).toBe(409);
    const patched = await kit.api('PATCH', `/v1/utm-presets/${spring.id}`, {
      key,
      body: { utm: { source: 'newsletter', campaign: 'spring-2027' } },
    });
    expect((await json<Envelope<UtmPreset>>(patched)).data.utm).toEqual({
      source: 'newsletter',
      campaign: 'spring-2027',
    });
    expect((await kit.api('GET', `/v1/utm-presets/${spring.id}`, { key: otherKey })).status).toBe(404);
    expect((await kit.api('DELETE', `/v1/utm-presets/${spring.id}`, { key: otherKey })).status).toBe(404);
    expect((await kit.api('DELETE', `/v1/utm-presets/${spring.id}`, { key })).status).toBe(200);
    expect((await kit.api('GET', `/v1/utm-presets/${spring.id}`, { key })).status).toBe(404);
  });

  it('refuses changes to a key without links:write and to a viewer, and changes nothing', async () => {
    const readOnly = await kit.key(['links:read']);
    const before = await list();
    const res = await kit.api('POST', '/v1/utm-presets', { key: readOnly, body: { name: 'No', utm: {} } });
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.code).toBe('insufficient_scope');
    const first = before[0];
    if (!first) throw new Error('no seeded preset');
    const del = await kit.api('DELETE', `/v1/utm-presets/${first.id}`, { key: readOnly });
    expect(del.status).toBe(403);

    const ws = kit.owner.workspaceId;
    const invite = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
      token: kit.owner.token,
      body: { email: 'vera@viewer.example', role: 'viewer' },
    });
    expect(invite.status).toBe(201);
    const inviteToken = await kit.tokenFromMail('vera@viewer.example', 'invited you');
    const vera = await kit.signUp('vera@viewer.example');
    expect(
      (await kit.call('POST', '/api/invitations/accept', { token: vera.token, body: { token: inviteToken } }))
        .status,
    ).toBe(200);
    const viewerRead = await kit.call('GET', `/v1/utm-presets?workspace_id=${ws}`, { token: vera.token });
    expect(viewerRead.status).toBe(200);
    const viewerWrite = await kit.call('POST', '/v1/utm-presets', {
      token: vera.token,
      body: { workspace_id: ws, name: 'Viewer', utm: { source: 'x' } },
    });
    expect(viewerWrite.status).toBe(403);
    expect((await json<ErrorBody>(viewerWrite)).error.code).toBe('insufficient_role');
    expect(await list()).toEqual(before);
  });

  it('utm_preset_id fills utm on create, update and bulk create; keys given in utm win; an unknown or foreign preset is a 404', async () => {
    const [instagram] = await list();
    if (!instagram) throw new Error('no seeded preset');
    const created = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://example.com/p',
        utm_preset_id: instagram.id,
        utm: { campaign: 'may' },
      },
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const link = (await json<Envelope<Link>>(created)).data;
    expect(link.utm).toEqual({ source: 'instagram', medium: 'social', campaign: 'may' });

    const foreign = (await list(otherKey))[0]?.id ?? '';
    const links = await kit.count('links');
    for (const presetId of [foreign, '0190a4c2-7c1e-7000-8000-0000000000ff']) {
      const refused = await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: 'https://example.com/q', utm_preset_id: presetId },
      });
      expect(refused.status).toBe(404);
      expect((await json<ErrorBody>(refused)).error.details).toEqual([
        expect.objectContaining({ field: 'utm_preset_id', issue: 'not_found' }),
      ]);
    }
    expect(await kit.count('links')).toBe(links);

    const print = (await list()).find((p) => p.name === 'Print (QR)');
    const updated = await kit.api('PATCH', `/v1/links/${link.id}`, {
      key,
      body: { utm_preset_id: print?.id },
    });
    expect((await json<Envelope<Link>>(updated)).data.utm).toEqual({ source: 'print', medium: 'qr' });
    const stale = await kit.api('PATCH', `/v1/links/${link.id}`, { key, body: { utm_preset_id: foreign } });
    expect(stale.status).toBe(404);

    const bulk = await kit.api('POST', '/v1/links/bulk', {
      key,
      body: {
        links: [
          { destination_url: 'https://example.com/b1', utm_preset_id: instagram.id },
          { destination_url: 'https://example.com/b2', utm_preset_id: foreign },
        ],
      },
    });
    const results = (await json<Envelope<BulkLinkResult[]>>(bulk)).data;
    expect(results[0]).toMatchObject({ status: 'created', link: { utm: { source: 'instagram' } } });
    expect(results[1]).toMatchObject({ status: 'failed', error: { code: 'not_found' } });
  });
});

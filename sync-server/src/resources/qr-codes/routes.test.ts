import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import type { QrCode } from '@linkhub/shared/schemas/qr-codes';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let artifactDir: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  artifactDir = await mkdtemp(join(tmpdir(), 'linkhub-v1-qr-'));
  kit = await startV1Kit({ artifacts: createLocalArtifactStore(artifactDir) });
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
  await rm(artifactDir, { recursive: true, force: true });
});

describe('/v1/qr-codes', () => {
  it('creates a code with its short_url and reserves its slug; re-points, restyles, lists and archives it', async () => {
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/menu', slug: 'menu', title: 'Menu' },
    });
    expect(res.status).toBe(201);
    const qr = (await json<Envelope<QrCode>>(res)).data;
    expect(qr).toMatchObject({
      slug: 'menu',
      short_url: 'http://lnk.localhost:8787/menu',
      status: 'active',
      design_revision: 1,
    });
    const reserved = await kit.deps.pool.query('SELECT 1 FROM qr_slug_reservations WHERE slug = $1', [
      'menu',
    ]);
    expect(reserved.rowCount).toBe(1);

    const again = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/other', slug: 'menu' },
    });
    expect(again.status).toBe(409);

    const repointed = await kit.api('PATCH', `/v1/qr-codes/${qr.id}`, {
      key,
      body: { destination_url: 'https://example.com/menu-2', design: { fg_color: '#112233' } },
    });
    expect(repointed.status).toBe(200);
    expect((await json<Envelope<QrCode>>(repointed)).data).toMatchObject({
      destination_url: 'https://example.com/menu-2',
      design_revision: 2,
      design: { fg_color: '#112233' },
    });

    const list = await json<Envelope<QrCode[]>>(await kit.api('GET', '/v1/qr-codes?q=menu', { key }));
    expect(list.data.map((q) => q.id)).toEqual([qr.id]);

    const archived = await kit.api('DELETE', `/v1/qr-codes/${qr.id}`, { key });
    expect((await json<Envelope<QrCode>>(archived)).data.status).toBe('archived');
    // The slug stays reserved after archive: no link may take it.
    const link = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/x', slug: 'menu' },
    });
    expect(link.status).toBe(409);
    expect((await json<ErrorBody>(link)).error.code).toBe('qr_slug_reserved');
  });

  it('renders the print file in every format', async () => {
    const qr = (
      await json<Envelope<QrCode>>(
        await kit.api('POST', '/v1/qr-codes', {
          key,
          body: { destination_url: 'https://example.com/print' },
        }),
      )
    ).data;
    const svg = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=svg&size_mm=40`, { key });
    expect(svg.status).toBe(200);
    expect(svg.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(await svg.text()).toContain('<svg');
    const png = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=png&dpi=300`, { key });
    expect(png.headers.get('Content-Type')).toBe('image/png');
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    const pdf = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=pdf`, { key });
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const eps = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=eps`, { key });
    expect((await eps.text()).startsWith('%!PS-Adobe')).toBe(true);

    const bad = await kit.api('GET', `/v1/qr-codes/${qr.id}/render?format=gif&dpi=72`, { key });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.details.map((d) => d.field).sort()).toEqual(['dpi', 'format']);
    expect(
      (await kit.api('GET', '/v1/qr-codes/0190c3c4-0000-7000-8000-0000000000ff/render', { key })).status,
    ).toBe(404);
  });

  it('refuses a frame label that cannot print whole, naming the field and the text that fits; creates nothing', async () => {
    const frame = { label: 'W'.repeat(40), font: 'sans', color: '#1a1a1a', text_color: '#ffffff' };
    const res = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://example.com/wide', slug: 'wide-label', design: { frame } },
    });
    expect(res.status).toBe(422);
    const body = await json<ErrorBody & { error: { details: Array<{ suggested?: unknown }> } }>(res);
    expect(body.error.code).toBe('qr_unscannable');
    expect(body.error.details).toContainEqual(
      expect.objectContaining({
        field: 'design.frame.label',
        issue: 'label_too_long',
        suggested: expect.stringMatching(/^W{10,39}$/),
      }),
    );
    const created = await kit.deps.pool.query('SELECT 1 FROM qr_slug_reservations WHERE slug = $1', [
      'wide-label',
    ]);
    expect(created.rowCount).toBe(0);
    const fits = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: {
        destination_url: 'https://example.com/menu-3',
        design: { frame: { ...frame, label: 'SCAN FOR THE MENU' } },
      },
    });
    expect(fits.status).toBe(201);
  });

  it('refuses unsafe destinations and needs qr scopes', async () => {
    const unsafe = await kit.api('POST', '/v1/qr-codes', {
      key,
      body: { destination_url: 'https://intranet.example.com/' },
    });
    expect(unsafe.status).toBe(422);
    expect((await json<ErrorBody>(unsafe)).error.code).toBe('destination_unsafe');
    const linksOnly = await kit.key(['links:read', 'links:write']);
    const refused = await kit.api('POST', '/v1/qr-codes', {
      key: linksOnly,
      body: { destination_url: 'https://example.com/' },
    });
    expect(refused.status).toBe(403);
    expect((await json<ErrorBody>(refused)).error.code).toBe('insufficient_scope');
  });
});

import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { declaredSizeMm } from '@linkhub/shared/server/qr/render/testing';
import { setPlan, startKit, type Kit } from '../../sync-server/src/testing/accounts-kit';
import { parseLengthMm, qrExport, type CliIo } from './qr-export';

/** The CLI against the real sync-server app (in process), with a real API key. */
describe('linkhub qr export', () => {
  let kit: Kit;
  let dir: string;
  let apiKey: string;
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  let io: CliIo;

  beforeAll(async () => {
    kit = await startKit();
    dir = await mkdtemp(join(tmpdir(), 'linkhub-cli-'));
    const h = createDb(kit.database.url);
    await ensureSystemDomains(h.db, {}); // what the dev launcher does on first start
    await h.close();
    const owner = await kit.signUp('cli-owner@example.com');
    await setPlan(kit, owner.workspaceId, 'business');
    const key = await kit.call('POST', `/api/workspaces/${owner.workspaceId}/api-keys`, {
      token: owner.token,
      body: { name: 'cli', scopes: ['qr:read', 'qr:write'] },
    });
    apiKey = (await kit.json<{ data: { key: string } }>(key)).data.key;
    for (const slug of ['menu', 'window']) {
      const res = await kit.call('POST', '/v1/qr-codes', {
        token: apiKey,
        body: { destination_url: `https://acme.example/${slug}`, slug },
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    io = {
      fetch: async (url, init) => kit.app.request(url, init),
      env: { LINKHUB_API_URL: 'http://sync.test', LINKHUB_API_KEY: apiKey },
      out: (l) => lines.out.push(l),
      err: (l) => lines.err.push(l),
    };
  });
  afterAll(async () => {
    await kit.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports one code by slug as a PDF of the requested physical size', async () => {
    const out = join(dir, 'menu.pdf');
    expect(await qrExport(['MENU', '--format', 'pdf', '--size', '3cm', '--out', out], io)).toBe(0);
    const bytes = new Uint8Array(await readFile(out));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const size = await declaredSizeMm({
      bytes,
      mime: 'application/pdf',
      extension: 'pdf',
      widthMm: 30,
      heightMm: 30,
    });
    expect(size.widthMm).toBeCloseTo(30, 1);
    expect(lines.out.at(-1)).toContain(' http://lnk.localhost:8787/menu ');
  });

  it('exports every code of the workspace with --all', async () => {
    const folder = join(dir, 'all');
    expect(await qrExport(['--all', '--format', 'svg', '--size', '40', '--out', folder], io)).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(['menu.svg', 'window.svg']);
    expect(await readFile(join(folder, 'window.svg'), 'utf8')).toMatch(/^<svg [^>]*width="40mm"/);
  });

  it('explains refusals and usage mistakes with a non-zero exit', async () => {
    expect(await qrExport(['nope'], io)).toBe(1);
    expect(lines.err.at(-1)).toContain('no QR code with the slug nope');
    expect(
      await qrExport(['menu', '--size', '5mm', '--out', join(dir, 'tiny.svg'), '--format', 'svg'], io),
    ).toBe(1);
    expect(lines.err.at(-1)).toMatch(/validation_failed|qr_unscannable/);
    expect(await qrExport(['menu', '--format', 'gif'], io)).toBe(2);
    expect(await qrExport(['menu', '--bogus'], io)).toBe(2);
    expect(await qrExport(['menu'], { ...io, env: {} })).toBe(2);
    expect(lines.err.at(-1)).toContain('LINKHUB_API_KEY');
  });

  it('reads lengths in mm, cm and inches', () => {
    expect(parseLengthMm('30mm')).toBe(30);
    expect(parseLengthMm('2.5cm')).toBe(25);
    expect(parseLengthMm('1in')).toBe(25.4);
    expect(() => parseLengthMm('big')).toThrow();
  });
});

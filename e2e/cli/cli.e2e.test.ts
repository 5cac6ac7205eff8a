import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { declaredSizeMm } from '@linkhub/shared/server/qr/render/testing';
import { parseLengthMm } from '@linkhub/cli/src/commands/qr';
import type { CliIo } from '@linkhub/cli/src/io';
import { runCli } from '@linkhub/cli/src/main';
import { setPlan, startKit, type Kit } from '../../sync-server/src/testing/accounts-kit';

/** The `linkhub` CLI against the real sync-server app (in process, real PostgreSQL), with a real API key. */
describe('linkhub CLI', () => {
  let kit: Kit;
  let dir: string;
  let apiKey: string;
  const lines: { out: string[]; err: string[] } = { out: [], err: [] };
  let io: CliIo;
  const run = (...argv: string[]) => runCli(argv, io);

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
      body: { name: 'cli', scopes: ['qr:read', 'qr:write', 'links:read', 'links:write'] },
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
      fetch: async (request) => kit.app.request(request),
      env: { LINKHUB_URL: 'http://sync.test', LINKHUB_API_KEY: apiKey, HOME: dir },
      out: (l) => lines.out.push(l),
      err: (l) => lines.err.push(l),
      readText: async (path) => readFile(path, 'utf8').catch(() => null),
      writeBytes: (path, bytes) => writeFile(path, bytes),
      makeDirectory: async (path) => {
        await mkdir(path, { recursive: true });
      },
    };
  });
  afterAll(async () => {
    await kit.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('exports one code by slug as a PDF of the requested physical size', async () => {
    const out = join(dir, 'menu.pdf');
    expect(await run('qr', 'export', 'MENU', '--format', 'pdf', '--size', '3cm', '--out', out)).toBe(0);
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
    expect(await run('qr', 'export', '--all', '--format', 'svg', '--size', '40', '--out', folder)).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(['menu.svg', 'window.svg']);
    expect(await readFile(join(folder, 'window.svg'), 'utf8')).toMatch(/^<svg [^>]*width="40mm"/);
  });

  it('creates, lists, updates and archives a link, as text and as JSON', async () => {
    expect(
      await run(
        'links',
        'create',
        'https://acme.example/spring',
        '--slug',
        'spring',
        '--tag',
        'sale',
        '--json',
      ),
    ).toBe(0);
    const created = JSON.parse(lines.out.at(-1) ?? '') as { id: string; short_url: string; tags: string[] };
    expect(created.short_url).toBe('http://lnk.localhost:8787/spring');
    expect(created.tags).toEqual(['sale']);
    expect(await run('links', 'update', created.id, '--title', 'Spring sale')).toBe(0);
    expect(lines.out).toContain('title:       Spring sale');
    const before = lines.out.length;
    expect(await run('links', 'list', '--q', 'spring')).toBe(0);
    const table = lines.out.slice(before);
    expect(table[0]).toMatch(/^ID +SHORT URL +STATUS +TITLE +DESTINATION$/);
    expect(table.slice(1)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${created.id} +http://lnk.localhost:8787/spring +active +Spring sale +https://acme.example/spring$`,
        ),
      ),
    ]);
    expect(await run('links', 'archive', created.id, '--json')).toBe(0);
    expect(JSON.parse(lines.out.at(-1) ?? '')).toMatchObject({ id: created.id, status: 'archived' });
  });

  it('reads the server and key from the config file when the environment has none', async () => {
    const config = join(dir, '.config', 'linkhub');
    await mkdir(config, { recursive: true });
    await writeFile(
      join(config, 'config.json'),
      JSON.stringify({ url: 'http://sync.test', api_key: apiKey }),
    );
    const fromFile: CliIo = { ...io, env: { HOME: dir } };
    expect(await runCli(['qr', 'list', '--json'], fromFile)).toBe(0);
    const codes = JSON.parse(lines.out.at(-1) ?? '') as Array<{ slug: string }>;
    expect(codes.map((c) => c.slug).sort()).toEqual(['menu', 'window']);
    await writeFile(join(config, 'config.json'), JSON.stringify({ api_key: apiKey, colour: 'blue' }));
    expect(await runCli(['qr', 'list'], fromFile)).toBe(2);
    expect(lines.err.at(-1)).toContain('colour');
  });

  it('explains refusals and usage mistakes with a non-zero exit', async () => {
    expect(await run('qr', 'export', 'nope')).toBe(1);
    expect(lines.err.at(-1)).toContain('no QR code with the slug nope');
    expect(
      await run('qr', 'export', 'menu', '--size', '5mm', '--out', join(dir, 'tiny.svg'), '--format', 'svg'),
    ).toBe(1);
    expect(lines.err.at(-1)).toMatch(/validation_failed|qr_unscannable/);
    expect(await run('links', 'create', 'javascript:alert(1)')).toBe(1);
    expect(lines.err.at(-1)).toMatch(/^linkhub: validation_failed: .*\n {2}- destination_url: /);
    expect(await run('qr', 'export', 'menu', '--format', 'gif')).toBe(2);
    expect(await run('qr', 'export', 'menu', '--bogus')).toBe(2);
    expect(await run('links', 'update', '0190a0a0-0000-7000-8000-000000000000')).toBe(2);
    expect(
      await runCli(['qr', 'export', 'menu'], {
        ...io,
        env: { HOME: dir, LINKHUB_CONFIG: join(dir, 'none.json') },
      }),
    ).toBe(2);
    expect(lines.err.at(-1)).toContain('LINKHUB_API_KEY');
    expect(await run('rockets')).toBe(2);
  });

  it('reads lengths in mm, cm and inches', () => {
    expect(parseLengthMm('30mm')).toBe(30);
    expect(parseLengthMm('2.5cm')).toBe(25);
    expect(parseLengthMm('1in')).toBe(25.4);
    expect(() => parseLengthMm('big')).toThrow();
  });
});

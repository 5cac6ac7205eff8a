import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkHubClient, dataOf, LinkHubApiError, paginate, type LinkHubClient } from '@linkhub/sdk';
import { FORWARDED_FOR_HEADER } from '@linkhub/shared/server/analytics/client-ip';
import { visitEdge } from '../launcher/edge';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { eventually } from '../launcher/wait';

/**
 * The SDK and the `linkhub` CLI against the product exactly as `npm start` runs it (its own ports,
 * database and Redis prefix), with the demo workspace's API key: create, list, update, visits through
 * the edge, and the analytics those visits make.
 */
const CLI = fileURLToPath(new URL('../../cli/bin/linkhub.js', import.meta.url));
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const tag = `sdk${Date.now().toString(36)}`;

let stack: Launcher;
let lh: LinkHubClient;

beforeAll(async () => {
  stack = await startLauncher();
  lh = createLinkHubClient({ baseUrl: stack.demo.sync_url, apiKey: stack.demo.api_key });
}, 200_000);
afterAll(async () => {
  await stack?.interrupt(30_000).catch(() => undefined);
  await stack?.cleanUp();
}, 60_000);

const linkhub = async (...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: {
        PATH: process.env.PATH,
        HOME: '/nonexistent',
        LINKHUB_URL: stack.demo.sync_url,
        LINKHUB_API_KEY: stack.demo.api_key,
      },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
};

const visit = (slug: string, i: number) =>
  visitEdge(stack.ports.edge, stack.demo.link_host, `/${slug}`, {
    'user-agent': DESKTOP_UA,
    [FORWARDED_FOR_HEADER]: `198.51.100.${i + 1}`,
  });

describe('the SDK against npm start', () => {
  it('creates, lists, updates a link, and reads the clicks its visits made', async () => {
    const { data: link } = await dataOf(
      lh.POST('/v1/links', {
        body: { destination_url: 'https://example.com/sdk', slug: `${tag}-a`, tags: [tag] },
      }),
    );
    expect(link.short_url).toBe(`http://${stack.demo.link_host}:${stack.ports.edge}/${tag}-a`);
    const { data: updated } = await dataOf(
      lh.PATCH('/v1/links/{id}', { params: { path: { id: link.id } }, body: { title: 'From the SDK' } }),
    );
    expect(updated.title).toBe('From the SDK');

    const listed: string[] = [];
    for await (const item of paginate((cursor) =>
      dataOf(lh.GET('/v1/links', { params: { query: { tag, cursor, limit: 1 } } })),
    ))
      listed.push(item.id);
    expect(listed).toEqual([link.id]);

    for (let i = 0; i < 3; i += 1) expect((await visit(`${tag}-a`, i)).status).toBe(302);
    const totals = await eventually(
      async () =>
        (
          await dataOf(
            lh.GET('/v1/analytics/dashboard', { params: { query: { period: '24h', resource_id: link.id } } }),
          )
        ).data.totals,
      (t) => t.clicks === 3,
      60_000,
      'the three visits counted',
    );
    expect(totals).toMatchObject({ clicks: 3, unique_visitors: 3 });
  });

  it('throws a refusal as the typed error, with the field that was wrong', async () => {
    const error = await lh
      .POST('/v1/links', { body: { destination_url: 'https://example.com/taken', slug: `${tag}-a` } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LinkHubApiError);
    expect(error).toMatchObject({ status: 409, code: 'slug_taken' });
  });
});

describe('the linkhub CLI against npm start', () => {
  it('creates, lists, updates a link and summarises its analytics', async () => {
    const created = await linkhub(
      'links',
      'create',
      'https://example.com/cli',
      '--slug',
      `${tag}-b`,
      '--tag',
      tag,
      '--json',
    );
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    const link = JSON.parse(created.stdout) as { id: string; short_url: string };
    expect(link.short_url).toBe(`http://${stack.demo.link_host}:${stack.ports.edge}/${tag}-b`);

    const updated = await linkhub('links', 'update', link.id, '--title', 'From the CLI');
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain('title:       From the CLI');

    const listed = await linkhub('links', 'list', '--tag', tag, '--json');
    expect((JSON.parse(listed.stdout) as Array<{ id: string }>).map((l) => l.id)).toContain(link.id);

    for (let i = 0; i < 2; i += 1) expect((await visit(`${tag}-b`, 10 + i)).status).toBe(302);
    const summary = await eventually(
      () => linkhub('analytics', 'summary', link.id, '--period', '24h'),
      (r) => r.stdout.includes('clicks: 2'),
      60_000,
      'the CLI summary shows the two clicks',
    );
    expect(summary.code).toBe(0);
    expect(summary.stdout).toMatch(/^unique visitors: 2/m);
  });

  it('exits 1 with the envelope on a refusal and 2 on a usage mistake', async () => {
    const refused = await linkhub('links', 'create', 'ftp://example.com/x');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^linkhub: validation_failed: /);
    const usage = await linkhub('links', 'fly');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('unknown links command: fly');
  });

  it('imports a YOURLS export: a dry run first, then the links, then a re-run that changes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'linkhub-import-'));
    const file = join(dir, 'yourls.csv');
    await writeFile(
      file,
      `keyword,url,title,timestamp,ip,clicks\n${tag}-blog,https://blog.example.net/,The blog,2023-02-11 14:30:00,203.0.113.9,1523\n${tag}-cv,https://example.net/cv.pdf,CV,2023-03-01 08:00:00,203.0.113.9,12\n`,
    );
    const dry = await linkhub('import', '--from', 'yourls', file, '--dry-run');
    expect(dry.code).toBe(0);
    expect(dry.stdout).toMatch(/^dry run: 2 would create$/m);
    expect((await linkhub('links', 'list', '--q', `${tag}-blog`, '--json')).stdout.trim()).toBe('[]');

    const run = await linkhub('import', '--from', 'yourls', file);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^3 +created +${stack.demo.link_host}/${tag}-cv +https://example.net/cv.pdf +12 clicks imported$`,
        'm',
      ),
    );
    const visit = await visitEdge(stack.ports.edge, stack.demo.link_host, `/${tag}-blog`, {
      'user-agent': DESKTOP_UA,
    });
    expect(visit).toEqual({ status: 302, location: 'https://blog.example.net/' });

    const again = await linkhub('import', '--from', 'yourls', file, '--json');
    const answer = JSON.parse(again.stdout) as { meta: { counts: Record<string, number> } };
    expect(answer.meta.counts).toMatchObject({ unchanged: 2, created: 0 });
  });
});

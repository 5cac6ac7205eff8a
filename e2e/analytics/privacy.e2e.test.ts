import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { runAnalyticsExport } from '../../worker/src/analytics/export-csv';
import { foldDaily, reconcileRecentDays } from '../../worker/src/analytics/recompute';
import { createIngestConsumer } from '../../worker/src/ingest/consumer';
import { ALL_SCOPES, testResolver } from '../../sync-server/src/testing/v1-kit';
import { captureLog, startEdgeServer, type EdgeServer } from './edge-server';
import { startHarness, type Harness } from './harness';

const run = promisify(execFile);

// Distinctive enough that any occurrence anywhere can only be a leak.
const IP = '198.51.100.217';
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 PrivacyProbe/7.3.1-zqx';
const UA_TOKEN = 'PrivacyProbe/7.3.1-zqx';

const octets = IP.split('.').map(Number);
const ipBytes = Buffer.from(octets);
/** The IP and the User-Agent in every spelling a careless writer might store or log them. */
const NEEDLES: Record<string, string> = {
  ip: IP,
  'ip reversed (in-addr.arpa order)': [...octets].reverse().join('.'),
  'ip as IPv4-mapped IPv6': `::ffff:${IP}`,
  'ip hex': ipBytes.toString('hex'),
  'ip hex, reversed bytes': Buffer.from([...octets].reverse()).toString('hex'),
  'ip as a 32-bit integer': String(ipBytes.readUInt32BE(0)),
  'ip base64': ipBytes.toString('base64'),
  'ip dashed': IP.replaceAll('.', '-'),
  'ip underscored': IP.replaceAll('.', '_'),
  'ip URL-encoded': encodeURIComponent(`${IP},`).slice(0, -3),
  ua: UA,
  'ua token': UA_TOKEN,
  'ua URL-encoded': encodeURIComponent(UA),
  'ua base64': Buffer.from(UA).toString('base64'),
  'ua token hex': Buffer.from(UA_TOKEN).toString('hex'),
  'ua token base64': Buffer.from(UA_TOKEN).toString('base64').slice(0, 24),
};

function leaks(haystack: string): string[] {
  const lower = haystack.toLowerCase();
  return Object.entries(NEEDLES)
    .filter(([, needle]) => lower.includes(needle.toLowerCase()))
    .map(([name]) => name);
}

/**
 * Every key under the prefix with every value in it, as text (strings, lists, hashes, sets, sorted
 * sets, streams). BullMQ's keys carry the prefix inside a hash tag (`{<prefix>bull}:…`), so the match
 * takes the prefix anywhere in the key: the jobs' data is searched too.
 */
async function redisText(h: Harness): Promise<{ keys: number; text: string }> {
  const redis = h.deps.redis;
  const parts: string[] = [];
  let cursor = '0';
  let keys = 0;
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `*${h.prefix}*`, 'COUNT', '500');
    cursor = next;
    for (const key of batch) {
      keys += 1;
      const type = await redis.type(key);
      parts.push(key);
      if (type === 'string') parts.push((await redis.getBuffer(key))?.toString('latin1') ?? '');
      else if (type === 'list') parts.push(...(await redis.lrange(key, 0, -1)));
      else if (type === 'hash') parts.push(...Object.entries(await redis.hgetall(key)).flat());
      else if (type === 'set') parts.push(...(await redis.smembers(key)));
      else if (type === 'zset') parts.push(...(await redis.zrange(key, '0', '-1')));
      else if (type === 'stream') parts.push(JSON.stringify(await redis.xrange(key, '-', '+')));
    }
  } while (cursor !== '0');
  return { keys, text: parts.join('\n') };
}

describe('privacy: a visitor IP and User-Agent sent through the edge appear in no table, Redis key or log line', () => {
  let h: Harness;
  let edge: EdgeServer;
  beforeAll(async () => {
    h = await startHarness({ resolveHost: testResolver }); // destination checks without outside DNS
    edge = await startEdgeServer({
      databaseUrl: h.database.url,
      redisUrl: h.deps.config.REDIS_URL,
      prefix: h.prefix,
      linkHost: h.deps.config.LINK_HOST,
      bioHost: h.deps.config.BIO_HOST,
    });
  });
  afterAll(async () => {
    await edge.stop();
    await h.stop();
  });

  it('a redirect, a QR scan, a bio page view and a bio link click are counted, yet nothing durable or logged holds the IP or UA', async () => {
    const session = { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' };
    const keyRes = await h.app.request(`/api/workspaces/${h.workspaceId}/api-keys`, {
      method: 'POST',
      headers: session,
      body: JSON.stringify({ name: 'privacy', scopes: ALL_SCOPES }),
    });
    expect(keyRes.status, await keyRes.clone().text()).toBe(201);
    const { key } = ((await keyRes.json()) as { data: { key: string } }).data;
    const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await h.app.request(path, {
        method,
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
      return ((await res.json()) as { data: T }).data;
    };
    const link = await api<{ id: string }>('POST', '/v1/links', {
      destination_url: 'https://shop.example.com/spring',
      slug: 'probe-link',
    });
    const qr = await api<{ id: string }>('POST', '/v1/qr-codes', {
      destination_url: 'https://shop.example.com/menu',
      slug: 'probe-qr',
    });
    const page = await api<{ id: string; blocks: Array<{ id: string }> }>('POST', '/v1/pages', {
      handle: 'probe',
      title: 'Probe',
      blocks: [{ type: 'link', title: 'Shop', url: 'https://shop.example.com/' }],
    });
    await api('POST', `/v1/pages/${page.id}/publish`);
    const blockId = page.blocks[0]?.id ?? '';

    // the visitor, through a trusted proxy (loopback) that names them in X-Forwarded-For
    const visitor = {
      'user-agent': UA,
      'x-forwarded-for': `${IP}, 127.0.0.1`,
      referer: 'https://news.example/story',
      'accept-language': 'fr-FR',
    };
    const linkHost = h.deps.config.LINK_HOST;
    const bioHost = h.deps.config.BIO_HOST;
    expect((await edge.visit(linkHost, '/probe-link', visitor)).status).toBe(302);
    expect((await edge.visit(linkHost, '/probe-qr', visitor)).status).toBe(302);
    expect((await edge.visit(bioHost, '/probe', visitor)).status).toBe(200);
    expect((await edge.visit(bioHost, `/probe/l/${blockId}`, visitor)).status).toBe(302);

    // the edge's XADDs are fire-and-forget: wait for the four, then the worker's real consumer drains them
    const stream = clicksStreamKey(h.prefix);
    for (let i = 0; i < 100 && (await h.deps.redis.xlen(stream)) < 4; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    const workerLog = captureLog('worker');
    const ingest = createIngestConsumer(
      { pool: h.deps.pool, redis: h.deps.redis, logger: workerLog.logger, prefix: h.prefix },
      { consumerName: 'privacy', blockMs: 50 },
    );
    await ingest.ensureGroup();
    let handled = 0;
    for (let batch = await ingest.readNew(); batch.length > 0; batch = await ingest.readNew())
      handled += (await ingest.handle(batch)).inserted;
    await ingest.idle();
    await ingest.stop();
    expect(handled).toBe(4);

    const now = new Date();
    await reconcileRecentDays(h.deps.pool, now, 1);
    await foldDaily(h.deps.pool, new Date(now.getTime() - 86_400_000), new Date(now.getTime() + 86_400_000));
    const totals = await h.get<{
      data: { clicks: number; scans: number; page_views: number; bot_events: number };
    }>('/v1/analytics/totals');
    expect(totals.body.data).toMatchObject({ clicks: 2, scans: 1, page_views: 1, bot_events: 0 });
    const summaries = await h.deps.pool.query<{ resource_id: string }>(
      'SELECT resource_id FROM analytics_summaries WHERE resource_id = ANY($1::uuid[])',
      [[link.id, qr.id, page.id]],
    );
    expect(summaries.rows).toHaveLength(3);

    // exports are durable output too: raw events and rollups
    const csvs: string[] = [];
    for (const source of ['raw', 'rollup'] as const) {
      const start = await h.app.request(`/v1/analytics/exports?workspace_id=${h.workspaceId}`, {
        method: 'POST',
        headers: session,
        body: JSON.stringify({
          source,
          from: new Date(now.getTime() - 3600_000).toISOString(),
          to: new Date(now.getTime() + 60_000).toISOString(),
        }),
      });
      expect(start.status, await start.clone().text()).toBe(202);
      const { data } = (await start.json()) as { data: { id: string } };
      await runAnalyticsExport({ pool: h.deps.pool, store: h.deps.artifacts }, h.workspaceId, data.id);
      const csv = await (
        await h.app.request(`/v1/analytics/exports/${data.id}/download?workspace_id=${h.workspaceId}`, {
          headers: { Authorization: `Bearer ${h.session}` },
        })
      ).text();
      expect(csv).toContain(source === 'raw' ? link.id : 'clicks');
      csvs.push(csv);
    }

    const { stdout: dump } = await run('pg_dump', ['--data-only', '--no-owner', h.database.url], {
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump).toContain(link.id);
    expect(dump).toContain('Firefox'); // the parsed family is kept; the raw string is not
    const redis = await redisText(h);
    expect(redis.text).toContain('probe-link'); // the redirect cache is in there
    // the edge logs only when something fails: the same visitor through an edge whose PostgreSQL is
    // down (a cache miss that fails is logged) makes sure lines written while serving them are searched too
    const broken = await startEdgeServer({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/none',
      redisUrl: h.deps.config.REDIS_URL,
      prefix: h.prefix,
      linkHost,
      bioHost,
    });
    try {
      await broken.visit(linkHost, '/probe-uncached', visitor);
      await broken.visit(bioHost, '/probe-uncached-page', visitor);
    } finally {
      await broken.stop();
    }
    expect(broken.log.text()).toMatch(/failed/);
    const edgeLog = edge.log.text() + broken.log.text();
    expect({
      'pg_dump --data-only': leaks(dump),
      [`redis (${redis.keys} keys)`]: leaks(redis.text),
      'edge log': leaks(edgeLog),
      'worker log': leaks(workerLog.text()),
      'raw export CSV': leaks(csvs[0] ?? ''),
      'rollup export CSV': leaks(csvs[1] ?? ''),
    }).toEqual({
      'pg_dump --data-only': [],
      [`redis (${redis.keys} keys)`]: [],
      'edge log': [],
      'worker log': [],
      'raw export CSV': [],
      'rollup export CSV': [],
    });
  });
});

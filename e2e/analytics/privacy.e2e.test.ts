import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { openGeo } from '@linkhub/shared/analytics/geo';
import { createSaltSource } from '@linkhub/shared/analytics/salt';
import { parseUserAgent } from '@linkhub/shared/analytics/ua';
import { uaHash, visitorHash } from '@linkhub/shared/analytics/visitor-hash';
import { runAnalyticsExport } from '../../worker/src/analytics/export-csv';
import { startHarness, type Harness } from './harness';

const run = promisify(execFile);

// Distinctive enough that any occurrence in a dump can only be a leak.
const IP = '198.51.100.217';
const UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0 PrivacyProbe/7.3.1-zqx';

/** Every value under every key of the prefix, as text (strings, lists, hashes, sets, sorted sets, streams). */
async function redisText(h: Harness): Promise<{ keys: number; text: string }> {
  const redis = h.deps.redis;
  const parts: string[] = [];
  let cursor = '0';
  let keys = 0;
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${h.prefix}*`, 'COUNT', '500');
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

describe('privacy: no raw IP or User-Agent anywhere durable', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });

  it('stores hits built the way the edge builds them without the IP or the User-Agent, in PostgreSQL or Redis', async () => {
    const salts = createSaltSource(h.deps.redis, h.prefix);
    const { geo } = await openGeo();
    const ua = parseUserAgent(UA);
    const now = new Date();
    const { salt } = await salts.forDate(now);
    const place = geo.lookup(IP);
    const events: AnalyticsEvent[] = (['link', 'qr_code', 'bio_page'] as const).map((type) => ({
      event_type: type === 'qr_code' ? 'scan' : type === 'bio_page' ? 'page_view' : 'click',
      workspace_id: h.workspaceId,
      resource_type: type,
      resource_id: type === 'link' ? h.resources.link : type === 'qr_code' ? h.resources.qr : h.resources.page,
      block_id: null,
      occurred_at: now.toISOString(),
      visitor_hash: visitorHash(salt, h.workspaceId, IP, UA),
      country_code: place.country,
      region_code: place.region,
      device_type: ua.deviceType,
      os_family: ua.osFamily,
      browser_family: ua.browserFamily,
      ua_hash: uaHash(salt, UA),
      referrer_host: 'news.example',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      variant_id: null,
      fallback_stage: type === 'qr_code' ? 'live' : null,
      is_bot: ua.isBot,
    }));
    await h.xadd(events);
    expect(await h.drain()).toBe(3);
    const totals = await h.get<{ data: { unique_visitors: number; clicks: number } }>('/v1/analytics/totals');
    expect(totals.body.data).toMatchObject({ unique_visitors: 1, clicks: 1 });
    // an export too: its file is durable output
    const start = await h.app.request(`/v1/analytics/exports?workspace_id=${h.workspaceId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source: 'raw', from: new Date(now.getTime() - 3600_000).toISOString(), to: new Date(now.getTime() + 60_000).toISOString() }),
    });
    expect(start.status, await start.clone().text()).toBe(202);
    const { data } = (await start.json()) as { data: { id: string } };
    await runAnalyticsExport(h.deps.pool, h.deps.config.ARTIFACT_DIR, h.workspaceId, data.id);
    const csv = await (await h.app.request(`/v1/analytics/exports/${data.id}/download?workspace_id=${h.workspaceId}`, { headers: { Authorization: `Bearer ${h.session}` } })).text();

    const { stdout } = await run('pg_dump', ['--data-only', '--no-owner', h.database.url], { maxBuffer: 256 * 1024 * 1024 });
    expect(stdout).toContain(h.resources.link); // the dump does hold the events
    const redis = await redisText(h);
    expect(redis.keys).toBeGreaterThan(0);
    for (const haystack of [stdout, redis.text, csv]) {
      expect(haystack).not.toContain(IP);
      expect(haystack).not.toContain(UA);
      expect(haystack).not.toContain('PrivacyProbe');
    }
  });
});

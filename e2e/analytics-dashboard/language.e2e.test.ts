import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { startEdgeServer, type EdgeServer } from '../analytics/edge-server';
import { startHarness, type Harness } from '../analytics/harness';

/**
 * The language dimension end to end: Accept-Language at the real edge → the stream → the worker's
 * ingest → `click_events.language` and the `language` rollup → the breakdown, the dashboard filter.
 */
describe('language, from Accept-Language to the dashboard', () => {
  let h: Harness;
  let edge: EdgeServer;
  beforeAll(async () => {
    h = await startHarness({ resolveHost: async () => ['93.184.216.34'] });
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

  it('counts the primary subtag of the preferred language, and filters by it', async () => {
    const visits: Array<[string, string | undefined]> = [
      ['10.0.0.1', 'de-CH,de;q=0.9,en;q=0.8'],
      ['10.0.0.2', 'de'],
      ['10.0.0.3', 'pt-BR'],
      ['10.0.0.4', undefined],
      ['10.0.0.5', '*'],
    ];
    for (const [ip, language] of visits) {
      const res = await edge.visit(h.deps.config.LINK_HOST, '/spring', {
        'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148',
        'x-forwarded-for': `${ip}, 127.0.0.1`,
        ...(language === undefined ? {} : { 'accept-language': language }),
      });
      expect(res.status).toBe(302);
    }
    // capture flushes a partial batch after 20 ms; the ingest reads whole batch entries
    const storedCount = async () =>
      Number((await h.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM click_events')).rows[0]?.n);
    for (let i = 0; i < 100 && (await storedCount()) < visits.length; i += 1) {
      await h.drain();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await storedCount()).toBe(visits.length);
    const stored = await h.deps.pool.query<{ language: string | null }>(
      'SELECT language FROM click_events ORDER BY language',
    );
    expect(stored.rows.map((r) => r.language)).toEqual(['de', 'de', 'pt', null, null]);
    const rollup = await h.deps.pool.query<{ value: string; clicks: number }>(
      "SELECT value, sum(clicks)::int AS clicks FROM analytics_rollup_hourly WHERE dimension = 'language' GROUP BY value ORDER BY value",
    );
    expect(rollup.rows).toEqual([
      { value: 'de', clicks: 2 },
      { value: 'pt', clicks: 1 },
    ]);
    const breakdown = await h.get<{ data: Array<{ value: string | null; events: number }> }>(
      '/v1/analytics/breakdown?dimension=language',
    );
    expect(breakdown.body.data.map((r) => [r.value, r.events])).toEqual([
      [null, 2],
      ['de', 2],
      ['pt', 1],
    ]);
    const dash = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=today');
    expect(dash.body.data.breakdowns.language.map((r) => [r.value, r.events])).toEqual([
      [null, 2],
      ['de', 2],
      ['pt', 1],
    ]);
    const german = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=today&language=de');
    expect(german.status, JSON.stringify(german.body)).toBe(200);
    expect(german.body.data.totals.clicks).toBe(2);
  });
});

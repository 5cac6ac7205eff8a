import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { formatCount } from '@linkhub/shared/analytics/format';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { createDb } from '@linkhub/shared/server/db';
import { insertMember, insertUser } from '@linkhub/shared/server/db/fixtures';
import { createSession } from '../../sync-server/src/identity/sessions';
import { SHARE_PAGE_PER_MINUTE } from '../../sync-server/src/resources/analytics/share-routes';
import { startHarness, type Harness } from '../analytics/harness';

type Share = { id: string; url: string; name: string; revoked_at: string | null };

describe('read-only shared dashboard links', () => {
  let h: Harness;
  const send = (path: string, init: RequestInit = {}, token?: string) =>
    h.app.request(path, {
      ...init,
      headers: {
        ...(token === undefined ? {} : { Authorization: `Bearer ${token}` }),
        'Content-Type': 'application/json',
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const clearLimits = async () => {
    const keys = await h.deps.redis.keys(`${rateLimitKey(h.deps.config.REDIS_PREFIX, 'share', '')}*`);
    if (keys.length > 0) await h.deps.redis.del(...keys);
  };

  beforeAll(async () => {
    h = await startHarness({ plan: 'business', timeZone: 'America/New_York' });
    const at = new Date(Date.now() - 2 * 3_600_000).toISOString();
    const events = [];
    for (let i = 0; i < 40; i += 1)
      events.push(
        testEvent(
          {
            workspace_id: h.workspaceId,
            resource_id: h.resources.qr,
            resource_type: 'qr_code',
            event_type: 'scan',
            occurred_at: at,
            country_code: i % 4 === 0 ? 'DE' : 'FR',
            referrer_host: null,
          },
          `visitor-${i % 13}`,
        ),
      );
    await h.xadd(events);
    await h.drain();
  });
  afterAll(async () => h.stop());
  beforeEach(clearLimits);

  const create = async (selection: Record<string, unknown>, token = h.session) =>
    send(
      `/v1/analytics/shares?workspace_id=${h.workspaceId}`,
      { method: 'POST', body: JSON.stringify({ name: 'QR scans, France', selection }) },
      token,
    );

  it('shows exactly the aggregates of its selection, nothing visitor-level, and stops when revoked', async () => {
    const res = await create({ period: '7d', resource_id: h.resources.qr, filters: { country: 'FR' } });
    expect(res.status).toBe(201);
    const share = ((await res.json()) as { data: Share }).data;
    const path = new URL(share.url).pathname;
    expect(path).toMatch(/^\/share\/[A-Za-z0-9_-]{43}$/);

    const page = await send(path, { headers: { 'Accept-Language': 'en-US' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    // the same numbers as the API for the same selection
    const api = await h.get<{ data: DashboardData }>(
      `/v1/analytics/dashboard?period=7d&resource_id=${h.resources.qr}&country=FR`,
    );
    const d = api.body.data;
    expect(d.totals.scans).toBe(30);
    const tiles = [...html.matchAll(/<div class="tile">([^<]+)<b>([^<]+)<\/b>/g)].map((m) => [m[1], m[2]]);
    expect(tiles).toEqual([
      ['Clicks', formatCount(d.totals.clicks, 'en-US')],
      ['QR scans', formatCount(d.totals.scans, 'en-US')],
      ['Page views', formatCount(d.totals.page_views, 'en-US')],
      // counted exactly from the raw events of this small selection (D-380)
      ['Unique visitors', formatCount(d.totals.unique_visitors ?? -1, 'en-US')],
    ]);
    const visitors = await h.deps.pool.query<{ n: string }>(
      `SELECT count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS n FROM click_events
        WHERE resource_id = $1 AND country_code = 'FR' AND NOT is_bot AND occurred_at >= $2 AND occurred_at < $3`,
      [h.resources.qr, d.window.from, d.window.to],
    );
    expect(d.totals.unique_visitors).toBe(Number(visitors.rows[0]?.n));
    expect(d.unique_visitors_counting.current).toBe('exact');
    expect(html).toContain('Filtered by <span>Country: France</span>');
    expect(html).not.toContain('>Germany<');
    // nothing visitor-level: no hash, no event id, no raw timestamps of single events
    const stored = await h.deps.pool.query<{ v: string; u: string; id: string }>(
      "SELECT encode(visitor_hash, 'hex') AS v, encode(ua_hash, 'hex') AS u, id::text AS id FROM click_events",
    );
    for (const r of stored.rows) for (const secret of [r.v, r.u, r.id]) expect(html).not.toContain(secret);
    expect(html).not.toMatch(/<script/i);

    const list = await send(`/v1/analytics/shares?workspace_id=${h.workspaceId}`, {}, h.session);
    expect(((await list.json()) as { data: Share[] }).data.map((s) => s.id)).toContain(share.id);
    const revoked = await send(
      `/v1/analytics/shares/${share.id}?workspace_id=${h.workspaceId}`,
      { method: 'DELETE' },
      h.session,
    );
    expect(revoked.status).toBe(200);
    const after = await send(path);
    expect(after.status).toBe(404);
    expect(await after.text()).not.toContain('QR scans, France');
    const again = await send(
      `/v1/analytics/shares/${share.id}?workspace_id=${h.workspaceId}`,
      { method: 'DELETE' },
      h.session,
    );
    expect(again.status).toBe(404);
  });

  it('survives what gets appended to its link: a mistyped period or a tracking parameter shows the shared period', async () => {
    const res = await create({ period: '30d' });
    const path = new URL(((await res.json()) as { data: Share }).data.url).pathname;
    for (const query of ['period=forever', 'fbclid=IwAR0abc&utm_source=newsletter', 'period[]=7d']) {
      const page = await send(`${path}?${query}`, { headers: { Accept: 'text/html' } });
      expect(page.status, query).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<strong aria-current="page">Last 30 days</strong>');
    }
    const switched = await send(`${path}?period=7d&fbclid=IwAR0abc`);
    expect(await switched.text()).toContain('<strong aria-current="page">Last 7 days</strong>');
  });

  it('is rate limited per client', async () => {
    const res = await create({ period: '30d' });
    const path = new URL(((await res.json()) as { data: Share }).data.url).pathname;
    const statuses: number[] = [];
    for (let i = 0; i <= SHARE_PAGE_PER_MINUTE; i += 1) statuses.push((await send(path)).status);
    expect(statuses.slice(0, SHARE_PAGE_PER_MINUTE)).toEqual(Array(SHARE_PAGE_PER_MINUTE).fill(200));
    const limited = await send(path);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('rate_limited');
    // A browser is told in a page, not in JSON.
    const inBrowser = await send(path, { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(inBrowser.status).toBe(429);
    expect(inBrowser.headers.get('content-type')).toContain('text/html');
    expect(inBrowser.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await inBrowser.text()).toContain('Reload it in a minute');
  });

  it('a member sets their own report mail; an API key cannot', async () => {
    const put = (frequency: string, token = h.session) =>
      send(
        `/v1/analytics/reports?workspace_id=${h.workspaceId}`,
        { method: 'PUT', body: JSON.stringify({ frequency }) },
        token,
      );
    expect(((await (await put('weekly')).json()) as { data: { frequency: string } }).data.frequency).toBe(
      'weekly',
    );
    const read = await send(`/v1/analytics/reports?workspace_id=${h.workspaceId}`, {}, h.session);
    expect(((await read.json()) as { data: { frequency: string } }).data.frequency).toBe('weekly');
    expect((await put('monthly', h.apiKey)).status).toBe(403);
    expect(((await (await put('off')).json()) as { data: { frequency: string } }).data.frequency).toBe('off');
    const rows = await h.deps.pool.query('SELECT 1 FROM analytics_report_subscriptions');
    expect(rows.rowCount).toBe(0);
  });

  it('only builders may share; a viewer is refused and nothing is stored', async () => {
    const handle = createDb(h.database.url, { max: 1 });
    const user = await insertUser(handle.db, { email: `viewer-${Date.now()}@example.test` });
    await insertMember(handle.db, { workspaceId: h.workspaceId, userId: user.id, role: 'viewer' });
    await handle.close();
    const { token } = await createSession(h.deps.pool, {
      userId: user.id,
      clientKind: 'web',
      clientLabel: null,
      twoFactorSatisfied: false,
    });
    const before = await h.deps.pool.query('SELECT count(*)::int AS n FROM dashboard_shares');
    const res = await create({ period: '7d' }, token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('insufficient_role');
    const after = await h.deps.pool.query('SELECT count(*)::int AS n FROM dashboard_shares');
    expect(after.rows).toEqual(before.rows);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { dashboardWindows } from '@linkhub/shared/server/analytics/dashboard-window';
import { foldClosedDays, foldDaily } from '../../worker/src/analytics/recompute';
import { advanceCube } from '../../worker/src/analytics/cube';
import { startHarness, type Harness } from '../analytics/harness';

type Answer = { data: DashboardData };
type Counts = DashboardData['totals'];

const COUNTRIES = ['FR', 'DE', 'US', null] as const;
const REFERRERS = ['google.com', 'instagram.com', null] as const;
const SOURCES = ['newsletter', 'spring', null] as const;

/** A varied, deterministic mix: every (country, referrer, utm_source) combination, some twice, some bots. */
function mix(h: Harness, base: number): AnalyticsEvent[] {
  const { link, qr, page } = h.resources;
  const events: AnalyticsEvent[] = [];
  let i = 0;
  for (const country of COUNTRIES)
    for (const referrer of REFERRERS)
      for (const source of SOURCES) {
        i += 1;
        const kind = i % 3;
        const resource =
          kind === 0
            ? { resource_id: qr, resource_type: 'qr_code' as const, event_type: 'scan' as const }
            : kind === 1
              ? { resource_id: link, resource_type: 'link' as const, event_type: 'click' as const }
              : { resource_id: page, resource_type: 'bio_page' as const, event_type: 'page_view' as const };
        for (let n = 0; n < 1 + (i % 2); n += 1)
          events.push(
            testEvent(
              {
                workspace_id: h.workspaceId,
                ...resource,
                occurred_at: new Date(base - (i * 7 + n) * 60_000).toISOString(),
                country_code: country,
                region_code: country === null ? null : 'X1',
                referrer_host: referrer,
                utm_source: source,
                is_bot: i % 11 === 0,
              },
              `v${i % 5}`,
            ),
          );
      }
  return events;
}

describe('dashboard filters over the real pipeline', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ plan: 'business', timeZone: 'Europe/Paris' });
    await h.xadd(mix(h, Date.now() - 3_600_000));
    await h.drain();
  });
  afterAll(async () => h.stop());

  const sqlCount = async (where: string, params: unknown[]) => {
    const res = await h.deps.pool.query<{ clicks: string; scans: string; page_views: string; u: string }>(
      `SELECT count(*) FILTER (WHERE event_type = 'click') AS clicks, count(*) FILTER (WHERE event_type = 'scan') AS scans,
              count(*) FILTER (WHERE event_type = 'page_view') AS page_views,
              count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS u
         FROM click_events WHERE workspace_id = $1 AND NOT is_bot AND occurred_at >= now() - interval '7 days' ${where}`,
      [h.workspaceId, ...params],
    );
    const r = res.rows[0];
    return {
      clicks: Number(r?.clicks),
      scans: Number(r?.scans),
      page_views: Number(r?.page_views),
      unique_visitors: Number(r?.u),
    };
  };

  it('country + referrer + UTM source compose and equal a direct count over the raw events', async () => {
    const res = await h.get<Answer>(
      '/v1/analytics/dashboard?period=7d&country=FR&referrer_host=google.com&utm_source=newsletter',
    );
    expect(res.status).toBe(200);
    expect(res.body.data.source).toBe('events');
    const expected = await sqlCount(
      "AND country_code = 'FR' AND referrer_host = 'google.com' AND utm_source = 'newsletter'",
      [],
    );
    expect(expected.clicks + expected.scans + expected.page_views).toBeGreaterThan(0);
    expect(res.body.data.totals).toEqual(expected);
    // few events: unique visitors counted exactly from the raw events, as without filters (D-380)
    expect(res.body.data.unique_visitors_counting).toEqual({ current: 'exact', previous: 'exact' });
    // every breakdown of the filtered view adds up to the filtered total
    const total = expected.clicks + expected.scans + expected.page_views;
    for (const rows of Object.values(res.body.data.breakdowns))
      expect(rows.reduce((a, r) => a + r.events, 0)).toBe(total);
    expect(res.body.data.breakdowns.country).toEqual([
      {
        value: 'FR',
        events: total,
        clicks: expected.clicks,
        scans: expected.scans,
        page_views: expected.page_views,
      },
    ]);
  });

  it('each filter alone and every pair match SQL, "unknown" (empty value) included', async () => {
    const cases: Array<[string, string]> = [
      ['country=DE', "AND country_code = 'DE'"],
      ['referrer_host=', 'AND referrer_host IS NULL'],
      ['country=&utm_source=spring', "AND country_code IS NULL AND utm_source = 'spring'"],
      [
        'event_type=scan&referrer_host=instagram.com',
        "AND event_type = 'scan' AND referrer_host = 'instagram.com'",
      ],
      ['region=FR-X1', "AND country_code = 'FR' AND region_code = 'X1'"],
    ];
    for (const [query, where] of cases) {
      const res = await h.get<Answer>(`/v1/analytics/dashboard?period=7d&${query}`);
      expect(res.status, query).toBe(200);
      expect(res.body.data.totals, query).toEqual(await sqlCount(where, []));
    }
  });

  it('without filters the rollups answer, with the same numbers as the raw events', async () => {
    const res = await h.get<Answer>('/v1/analytics/dashboard?period=7d');
    expect(res.body.data.source).toBe('rollups');
    expect(res.body.data.totals).toEqual(await sqlCount('', []));
    const fromEvents = await h.get<Answer>('/v1/analytics/dashboard?period=7d&event_type=scan');
    expect(fromEvents.body.data.totals.scans).toBe(res.body.data.totals.scans);
    const countries = res.body.data.breakdowns.country.map((r) => [r.value, r.events]);
    const unfilteredViaEvents = await Promise.all(
      countries.map(async ([value]) => {
        const q = await h.get<Answer>(`/v1/analytics/dashboard?period=7d&country=${value ?? ''}`);
        const t = q.body.data.totals;
        return [value, t.clicks + t.scans + t.page_views];
      }),
    );
    expect(unfilteredViaEvents).toEqual(countries);
  });

  it('a resource set (tag) and a single resource narrow every number', async () => {
    await h.deps.pool.query(`UPDATE links SET tags = '{spring}' WHERE id = $1`, [h.resources.link]);
    const byTag = await h.get<Answer>('/v1/analytics/dashboard?period=7d&tag=spring');
    const byLink = await h.get<Answer>(`/v1/analytics/dashboard?period=7d&resource_id=${h.resources.link}`);
    const expected = await sqlCount('AND resource_id = $2', [h.resources.link]);
    expect(byTag.body.data.totals).toEqual(expected);
    expect(byLink.body.data.totals).toEqual(expected);
    expect(expected.scans + expected.page_views).toBe(0);
  });

  it('answers every period, filtered or not (hourly periods read no time zone)', async () => {
    for (const period of ['24h', 'today', '7d', '30d', '90d'])
      for (const filter of ['', '&country=FR'])
        expect(
          (await h.get<Answer>(`/v1/analytics/dashboard?period=${period}${filter}`)).status,
          period + filter,
        ).toBe(200);
  });

  it('counts lead sign-ups beside the events once the selection has leads, not with filters', async () => {
    expect((await h.get<Answer>('/v1/analytics/dashboard?period=7d')).body.data.leads).toBeNull();
    await h.deps.pool.query(
      `INSERT INTO leads (workspace_id, page_id, email, created_at) VALUES
         ($1, $2, 'a@example.test', now() - interval '1 hour'), ($1, $2, 'b@example.test', now() - interval '2 hours'),
         ($1, $2, 'c@example.test', date_trunc('day', now()) - interval '8 days')`,
      [h.workspaceId, h.resources.page],
    );
    expect((await h.get<Answer>('/v1/analytics/dashboard?period=7d')).body.data.leads).toEqual({
      current: 2,
      previous: 1,
    });
    expect(
      (await h.get<Answer>(`/v1/analytics/dashboard?period=7d&resource_id=${h.resources.link}`)).body.data
        .leads,
    ).toBeNull();
    expect((await h.get<Answer>('/v1/analytics/dashboard?period=7d&country=FR')).body.data.leads).toBeNull();
  });

  it('the realtime counter counts the last 30 minutes', async () => {
    await h.xadd([testEvent({ workspace_id: h.workspaceId, resource_id: h.resources.link }, 'now')]);
    await h.drain();
    const res = await h.get<{ data: { events: number; visitors: number } }>('/v1/analytics/realtime');
    expect(res.body.data).toMatchObject({ events: 1, visitors: 1 });
  });
});

describe('yesterday (UTC) before the fold job has folded it (D-437)', () => {
  let h: Harness;
  const DAY_MS = 86_400_000;
  const midnight = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  beforeAll(async () => {
    h = await startHarness({ plan: 'business', timeZone: 'Europe/Paris' });
    // the hour before midnight UTC: at 00:01 the hourly fold of 00:02 has not run yet
    await h.xadd(mix(h, midnight.getTime() - 60_000));
    await h.drain();
    await h.deps.pool.query('UPDATE analytics_fold_state SET folded_through = $1', [
      new Date(midnight.getTime() - DAY_MS),
    ]);
  });
  afterAll(async () => h.stop());

  const rawTotal = async () => {
    const res = await h.deps.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM click_events WHERE workspace_id = $1 AND NOT is_bot',
      [h.workspaceId],
    );
    return Number(res.rows[0]?.n);
  };
  const shown = async () => {
    const res = await h.get<Answer>('/v1/analytics/dashboard?period=7d');
    expect(res.body.data.source).toBe('rollups');
    const t = res.body.data.totals;
    return t.clicks + t.scans + t.page_views;
  };

  it('counts yesterday from the hourly rows until the fold closes it, and from the daily rows after', async () => {
    const raw = await rawTotal();
    expect(raw).toBeGreaterThan(0);
    expect(await shown()).toBe(raw);
    const folded = await foldClosedDays(h.deps.pool, new Date(), null);
    expect(folded.foldedThrough).toEqual(midnight);
    expect(await shown()).toBe(raw);
  });
});

describe('the comparison period across a DST change (Europe/Paris, 25 October 2026)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ plan: 'business', timeZone: 'Europe/Paris' });
    // one event at 12:00 Paris time every day from 12 to 25 October; two on the 25th (clocks go back at 03:00)
    const events: AnalyticsEvent[] = [];
    for (let day = 12; day <= 25; day += 1) {
      const offset = day >= 25 ? '+01:00' : '+02:00';
      const at = new Date(`2026-10-${String(day).padStart(2, '0')}T12:00:00${offset}`).toISOString();
      events.push(
        testEvent({ workspace_id: h.workspaceId, resource_id: h.resources.link, occurred_at: at }, `d${day}`),
      );
      if (day === 25)
        events.push(
          testEvent(
            {
              workspace_id: h.workspaceId,
              resource_id: h.resources.link,
              occurred_at: at,
              country_code: 'DE',
            },
            'x',
          ),
        );
    }
    await h.xadd(events);
    await h.drain();
    // whole past days are read from the daily rollups, which the worker's hourly job folds
    await foldDaily(h.deps.pool, new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
  });
  afterAll(async () => h.stop());

  it('a 7-day period ending on the DST Sunday compares with the 7 local days before, bucket by bucket', async () => {
    const now = new Date('2026-10-25T20:00:00+01:00');
    const w = await dashboardWindows(h.deps.pool, 'Europe/Paris', { period: '7d' }, now);
    expect(w.current.from.toISOString()).toBe('2026-10-18T22:00:00.000Z');
    expect(w.current.to.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(w.previous.from.toISOString()).toBe('2026-10-11T22:00:00.000Z');
    expect(w.previous.to.toISOString()).toBe('2026-10-18T22:00:00.000Z');
    // 169 hours against 168: the same 7 local days
    expect(w.current.to.getTime() - w.current.from.getTime()).toBe(169 * 3_600_000);
    expect(w.previous.to.getTime() - w.previous.from.getTime()).toBe(168 * 3_600_000);
  });

  for (const filter of ['', '&country=FR']) {
    it(`series and previous series have the same buckets at the same local times${filter ? ' (filtered, raw events)' : ' (rollups)'}`, async () => {
      const res = await h.get<Answer>(
        `/v1/analytics/dashboard?period=custom&from=2026-10-19T00:00:00%2B02:00&to=2026-10-26T00:00:00%2B01:00${filter}`,
      );
      expect(res.status).toBe(200);
      const d = res.body.data;
      expect(d.previous_window).toEqual({ from: '2026-10-11T22:00:00.000Z', to: '2026-10-18T22:00:00.000Z' });
      expect(d.interval).toBe('day');
      expect(d.series).toHaveLength(7);
      expect(d.previous_series).toHaveLength(7);
      const paris = (iso: string) =>
        new Intl.DateTimeFormat('en-GB', {
          timeZone: 'Europe/Paris',
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(iso));
      expect(d.series.map((p) => paris(p.bucket_start))).toEqual(
        d.previous_series.map((p) => paris(p.bucket_start)),
      );
      expect(d.series.map((p) => p.clicks)).toEqual(filter ? [1, 1, 1, 1, 1, 1, 1] : [1, 1, 1, 1, 1, 1, 2]);
      expect(d.previous_series.map((p) => p.clicks)).toEqual([1, 1, 1, 1, 1, 1, 1]);
      expect(d.totals.clicks).toBe(filter ? 7 : 8);
      expect(d.previous.clicks).toBe(7);
      expect(d.change.clicks).toBeCloseTo(filter ? 0 : 1 / 7);
    });
  }

  it('the filtered series is the same once the worker has built the cube (local days summed from UTC hours)', async () => {
    await advanceCube(h.deps.pool, new Date(), null);
    const res = await h.get<Answer>(
      '/v1/analytics/dashboard?period=custom&from=2026-10-19T00:00:00%2B02:00&to=2026-10-26T00:00:00%2B01:00&country=FR',
    );
    expect(res.body.data.series.map((p) => p.clicks)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(res.body.data.previous_series.map((p) => p.clicks)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    // one visitor a day: 7 visitor-days, one a day in the series
    expect(res.body.data.totals).toEqual({ clicks: 7, scans: 0, page_views: 0, unique_visitors: 7 });
    expect(res.body.data.series.map((p) => p.unique_visitors)).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('filtered views from the hourly cube (closed hours) and raw events (the open hour), Free plan', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ plan: 'free', timeZone: 'Europe/Paris' });
    await h.xadd(mix(h, Date.now() - 3_600_000));
    await h.drain();
    // the worker's hourly fold: every closed hour into the cube
    await advanceCube(h.deps.pool, new Date(), null);
    // then an event of the still-open hour, which only the raw events hold
    await h.xadd([
      testEvent(
        {
          workspace_id: h.workspaceId,
          resource_id: h.resources.link,
          country_code: 'FR',
          referrer_host: 'google.com',
          utm_source: 'newsletter',
        },
        'open-hour',
      ),
    ]);
    await h.drain();
  });
  afterAll(async () => h.stop());

  const sqlTotals = async (where: string): Promise<Counts> => {
    const res = await h.deps.pool.query<{ clicks: string; scans: string; page_views: string; u: string }>(
      `SELECT count(*) FILTER (WHERE event_type = 'click') AS clicks, count(*) FILTER (WHERE event_type = 'scan') AS scans,
              count(*) FILTER (WHERE event_type = 'page_view') AS page_views,
              count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS u
         FROM click_events WHERE workspace_id = $1 AND NOT is_bot AND occurred_at >= now() - interval '7 days' ${where}`,
      [h.workspaceId],
    );
    const r = res.rows[0];
    return {
      clicks: Number(r?.clicks),
      scans: Number(r?.scans),
      page_views: Number(r?.page_views),
      unique_visitors: Number(r?.u),
    };
  };

  it('the cube holds the closed hours', async () => {
    const state = await h.deps.pool.query<{ built_through: Date }>(
      'SELECT built_through FROM analytics_cube_state',
    );
    const hourStart = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    expect(state.rows[0]?.built_through.getTime()).toBeGreaterThanOrEqual(hourStart - 3_600_000);
    const rows = await h.deps.pool.query<{ n: string }>(
      'SELECT sum(clicks + scans + page_views) AS n FROM analytics_cube_hourly WHERE workspace_id = $1',
      [h.workspaceId],
    );
    expect(Number(rows.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('every filter combination equals a direct count over the raw events, the open hour included', async () => {
    const cases: Array<[string, string]> = [
      [
        'country=FR&referrer_host=google.com&utm_source=newsletter',
        "AND country_code = 'FR' AND referrer_host = 'google.com' AND utm_source = 'newsletter'",
      ],
      ['country=DE', "AND country_code = 'DE'"],
      ['referrer_host=', 'AND referrer_host IS NULL'],
      ['country=&utm_source=spring', "AND country_code IS NULL AND utm_source = 'spring'"],
      [
        'event_type=scan&referrer_host=instagram.com',
        "AND event_type = 'scan' AND referrer_host = 'instagram.com'",
      ],
      ['event_type=click&country=FR', "AND event_type = 'click' AND country_code = 'FR'"],
      ['region=FR-X1', "AND country_code = 'FR' AND region_code = 'X1'"],
    ];
    for (const [query, where] of cases) {
      const res = await h.get<Answer>(`/v1/analytics/dashboard?period=7d&${query}`);
      expect(res.status, query).toBe(200);
      const expected = await sqlTotals(where);
      expect(res.body.data.totals, query).toEqual(expected);
      const total = expected.clicks + expected.scans + expected.page_views;
      for (const [dim, rows] of Object.entries(res.body.data.breakdowns))
        expect(
          rows.reduce((a, r) => a + r.events, 0),
          `${query} ${dim}`,
        ).toBe(total);
      const hourly = await h.get<Answer>(`/v1/analytics/dashboard?period=24h&${query}`);
      const sum = hourly.body.data.series.reduce((a, p) => a + p.clicks + p.scans + p.page_views, 0);
      expect(sum, `${query} 24h`).toBe(total);
    }
  });

  it('reads the cube for closed hours: per workspace for every resource, per resource for one (a changed row changes the answer)', async () => {
    const views: Array<[string, string, string]> = [
      ['analytics_cube_workspace_hourly', 'period=7d&country=DE', 'workspace_id = $1'],
      [
        'analytics_cube_hourly',
        `period=7d&country=DE&resource_id=${h.resources.link}`,
        `workspace_id = $1 AND resource_id = '${h.resources.link}'`,
      ],
    ];
    for (const [table, query, where] of views) {
      const before = await h.get<Answer>(`/v1/analytics/dashboard?${query}`);
      const changed = await h.deps.pool.query(
        // the latest hour's row: the fold rebuilds the last hours again, which puts it back
        `UPDATE ${table} SET clicks = clicks + 1000 WHERE ctid = (SELECT ctid FROM ${table} WHERE ${where} AND country = 'DE' ORDER BY bucket_start DESC LIMIT 1)`,
        [h.workspaceId],
      );
      expect(changed.rowCount, table).toBe(1);
      try {
        const after = await h.get<Answer>(`/v1/analytics/dashboard?${query}`);
        expect(after.body.data.totals.clicks, table).toBe(before.body.data.totals.clicks + 1000);
      } finally {
        await advanceCube(h.deps.pool, new Date(), null);
      }
      expect((await h.get<Answer>(`/v1/analytics/dashboard?${query}`)).body.data.totals, table).toEqual(
        before.body.data.totals,
      );
    }
  });

  it('says from when filtered numbers exist when a window reaches past what the plan keeps', async () => {
    const month = await h.get<Answer>('/v1/analytics/dashboard?period=30d&country=FR');
    const since = month.body.data.filtered_since;
    expect(since).not.toBeNull();
    expect(new Date(since ?? '').getTime()).toBeGreaterThan(
      new Date(month.body.data.previous_window.from).getTime(),
    );
    expect(month.body.data.previous).toEqual(
      await sqlTotalsBetween(h, since ?? '', month.body.data.window.from),
    );
    expect(
      (await h.get<Answer>('/v1/analytics/dashboard?period=7d&country=FR')).body.data.filtered_since,
    ).toBeNull();
    expect((await h.get<Answer>('/v1/analytics/dashboard?period=30d')).body.data.filtered_since).toBeNull();
  });
});

async function sqlTotalsBetween(h: Harness, from: string, to: string): Promise<Counts> {
  const res = await h.deps.pool.query<{ clicks: string; scans: string; page_views: string; u: string }>(
    `SELECT count(*) FILTER (WHERE event_type = 'click') AS clicks, count(*) FILTER (WHERE event_type = 'scan') AS scans,
            count(*) FILTER (WHERE event_type = 'page_view') AS page_views,
            count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS u
       FROM click_events WHERE workspace_id = $1 AND NOT is_bot AND country_code = 'FR' AND occurred_at >= $2 AND occurred_at < $3`,
    [h.workspaceId, from, to],
  );
  const r = res.rows[0];
  return {
    clicks: Number(r?.clicks),
    scans: Number(r?.scans),
    page_views: Number(r?.page_views),
    unique_visitors: Number(r?.u),
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksDeadLetterKey } from '../../worker/src/ingest/names';
import { listDayPartitions } from '../../worker/src/analytics/partitions';
import { applyRetention } from '../../worker/src/analytics/retention';
import { runAnalyticsExport } from '../../worker/src/analytics/export-csv';
import { foldDaily, reconcileRecentDays } from '../../worker/src/analytics/recompute';
import { createDb } from '@linkhub/shared/server/db';
import { insertMember, insertUser } from '@linkhub/shared/server/db/fixtures';
import { createSession } from '../../sync-server/src/identity/sessions';
import { findExport, openDownload } from '../../sync-server/src/resources/analytics/exports';
import { createArtifactStore } from '@linkhub/shared/server/artifacts/config';
import { startTestS3Server } from '@linkhub/shared/server/artifacts/s3-testing';
import { startHarness, type Harness } from './harness';

type Totals = {
  clicks: number;
  scans: number;
  page_views: number;
  unique_visitors: number;
  bot_events: number;
};
type Point = Totals & { bucket_start: string; unique_visitors: number | null };
type Row = { value: string | null; events: number; bot_events: number };
type ErrorBody = {
  error: { code: string; details: Array<{ field: string; issue: string }>; request_id: string };
};

const DAY_MS = 86_400_000;

describe('analytics through the stream, PostgreSQL and the API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ plan: 'business' });
    const { link, qr, page } = h.resources;
    const ws = h.workspaceId;
    const now = new Date(Date.now() - 60_000).toISOString();
    await h.xadd([
      // visitor A: scans the QR code, taps the short link, views the bio page — one audience, one visitor
      testEvent(
        {
          workspace_id: ws,
          resource_id: qr,
          resource_type: 'qr_code',
          event_type: 'scan',
          occurred_at: now,
          fallback_stage: 'live',
        },
        'A',
      ),
      testEvent({ workspace_id: ws, resource_id: link, occurred_at: now }, 'A'),
      testEvent(
        {
          workspace_id: ws,
          resource_id: page,
          resource_type: 'bio_page',
          event_type: 'page_view',
          occurred_at: now,
        },
        'A',
      ),
      // visitor B: two clicks from Germany
      testEvent(
        {
          workspace_id: ws,
          resource_id: link,
          occurred_at: now,
          country_code: 'DE',
          region_code: null,
          referrer_host: null,
        },
        'B',
      ),
      testEvent(
        {
          workspace_id: ws,
          resource_id: link,
          occurred_at: now,
          country_code: 'DE',
          region_code: null,
          referrer_host: null,
        },
        'B',
      ),
      // a crawler, three times
      ...[1, 2, 3].map(() =>
        testEvent(
          { workspace_id: ws, resource_id: link, occurred_at: now, is_bot: true, device_type: 'other' },
          'bot',
        ),
      ),
    ]);
    expect(await h.drain()).toBe(8);
  });
  afterAll(async () => {
    await h.stop();
  });

  it('counts exactly, with one unique visitor across QR code, link and page, and bots apart', async () => {
    const all = await h.get<{ data: Totals }>('/v1/analytics/totals');
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual({ clicks: 3, scans: 1, page_views: 1, unique_visitors: 2, bot_events: 3 });
    const link = await h.get<{ data: Totals }>(`/v1/analytics/totals?resource_id=${h.resources.link}`, 'key');
    expect(link.body.data).toEqual({ clicks: 3, scans: 0, page_views: 0, unique_visitors: 2, bot_events: 3 });
  });

  it('breaks down by country, bot flag and event type', async () => {
    const country = await h.get<{ data: Row[] }>('/v1/analytics/breakdown?dimension=country');
    expect(country.body.data.map((r) => [r.value, r.events])).toEqual([
      ['FR', 3],
      ['DE', 2],
    ]);
    const bots = await h.get<{ data: Row[] }>('/v1/analytics/breakdown?dimension=is_bot');
    expect(bots.body.data.map((r) => [r.value, r.events])).toEqual([
      ['false', 5],
      ['true', 3],
    ]);
    const types = await h.get<{ data: Row[] }>(
      `/v1/analytics/breakdown?dimension=event_type&resource_id=${h.resources.link}`,
      'key',
    );
    expect(types.body.data.map((r) => [r.value, r.events])).toEqual([
      ['click', 3],
      ['scan', 0],
      ['page_view', 0],
    ]);
    const referrers = await h.get<{ data: Row[] }>(
      '/v1/analytics/breakdown?dimension=referrer_host&include_bots=true',
    );
    expect(referrers.body.data.map((r) => [r.value, r.events])).toEqual([
      ['instagram.com', 6],
      [null, 2],
    ]);
  });

  it('serves a daily timeseries, top resources and a comparison with the previous period', async () => {
    const ts = await h.get<{ data: Point[] }>('/v1/analytics/timeseries?interval=day');
    expect(ts.body.data).toHaveLength(31);
    const today = ts.body.data.filter((p) => p.clicks + p.scans + p.page_views > 0);
    expect(today).toEqual([
      expect.objectContaining({ clicks: 3, scans: 1, page_views: 1, unique_visitors: 2, bot_events: 3 }),
    ]);
    const top = await h.get<{ data: Array<{ resource_id: string; title: string; events: number }> }>(
      '/v1/analytics/top',
    );
    expect(top.body.data[0]).toMatchObject({
      resource_id: h.resources.link,
      title: 'Spring sale',
      events: 3,
    });
    expect(top.body.data).toHaveLength(3);
    const cmp = await h.get<{
      data: { current: Totals; previous: Totals; change: Record<string, number | null> };
    }>('/v1/analytics/compare');
    expect(cmp.body.data.current.clicks).toBe(3);
    expect(cmp.body.data.previous.clicks).toBe(0);
    expect(cmp.body.data.change.clicks).toBeNull();
  });

  it('keeps the per-resource summaries the editor syncs fresh after each batch', async () => {
    const res = await h.deps.pool.query<{
      clicks_7d: string;
      unique_visitors_30d: string;
      daily_counts: Array<{ day: string; count: number }>;
    }>(
      'SELECT clicks_7d, unique_visitors_30d, daily_counts FROM analytics_summaries WHERE resource_id = $1',
      [h.resources.link],
    );
    expect(res.rows[0]).toMatchObject({ clicks_7d: '3', unique_visitors_30d: '2' });
    const strip = res.rows[0]?.daily_counts ?? [];
    expect(strip).toHaveLength(14);
    expect(strip.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 3 });
  });

  it('counts a batch redelivered after a crash between commit and ack once', async () => {
    const before = (await h.get<{ data: Totals }>(`/v1/analytics/totals?resource_id=${h.resources.qr}`)).body
      .data.scans;
    await h.xadd(
      [1, 2].map(() =>
        testEvent(
          {
            workspace_id: h.workspaceId,
            resource_id: h.resources.qr,
            resource_type: 'qr_code',
            event_type: 'scan',
          },
          'C',
        ),
      ),
    );
    const batch = await h.ingest.readNew();
    await h.ingest.handle(batch, { ack: false });
    const again = await h.ingest.claimStale(0);
    expect(again).toHaveLength(2);
    await h.ingest.handle(again);
    const after = (await h.get<{ data: Totals }>(`/v1/analytics/totals?resource_id=${h.resources.qr}`)).body
      .data.scans;
    expect(after - before).toBe(2);
  });

  it('reads whole past days from the daily rollups the fold job writes, and the nightly reconciliation agrees with the ingest', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * DAY_MS);
    const before = (await h.get<{ data: Totals }>('/v1/analytics/totals?interval=day')).body.data.clicks;
    await h.xadd(
      [1, 2].map((i) =>
        testEvent(
          {
            workspace_id: h.workspaceId,
            resource_id: h.resources.link,
            occurred_at: threeDaysAgo.toISOString(),
          },
          `late${i}`,
        ),
      ),
    );
    await h.drain();
    await foldDaily(h.deps.pool, threeDaysAgo, new Date());
    expect((await h.get<{ data: Totals }>('/v1/analytics/totals')).body.data.clicks).toBe(before + 2);
    const snapshot = async () =>
      (
        await h.deps.pool.query(
          'SELECT resource_id, bucket_start, dimension, value, clicks, scans, page_views, bot_events FROM analytics_rollup_hourly ORDER BY 1, 2, 3, 4',
        )
      ).rows;
    const ingested = await snapshot();
    await reconcileRecentDays(h.deps.pool, new Date(), 3);
    expect(await snapshot()).toEqual(ingested);
    expect((await h.get<{ data: Totals }>('/v1/analytics/totals')).body.data.clicks).toBe(before + 2);
  });

  it('dead-letters a bad event with its reason and counts nothing for it', async () => {
    const before = (await h.get<{ data: Totals }>('/v1/analytics/totals')).body.data;
    await h.xadd([testEvent({ workspace_id: h.workspaceId, resource_id: '' })]);
    await h.drain();
    const dead = await h.deps.redis.lrange(clicksDeadLetterKey(h.prefix), 0, 0);
    expect(dead[0]).toContain('resource_id');
    expect((await h.get<{ data: Totals }>('/v1/analytics/totals')).body.data).toEqual(before);
  });

  it('answers bad input, no credentials and another workspace with the one error envelope', async () => {
    const bad = await h.get<ErrorBody>('/v1/analytics/breakdown?dimension=shoe_size');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.details[0]?.field).toBe('dimension');
    const anon = await h.app.request('/v1/analytics/totals');
    expect(anon.status).toBe(401);
    const foreign = await h.get<ErrorBody>(
      `/v1/analytics/totals?resource_id=00000000-0000-4000-8000-000000000000`,
      'key',
    );
    expect(foreign.status).toBe(404);
    const noWs = await h.app.request('/v1/analytics/totals', {
      headers: { Authorization: `Bearer ${h.session}` },
    });
    expect(noWs.status).toBe(400);
  });

  it('shows a scoped member the workspace view of their granted resources only, and 404 for the others', async () => {
    const handle = createDb(h.database.url, { max: 1 });
    const user = await insertUser(handle.db, { email: `scoped-${Date.now()}@example.test` });
    const member = await insertMember(handle.db, {
      workspaceId: h.workspaceId,
      userId: user.id,
      role: 'viewer',
      isScoped: true,
    });
    await handle.close();
    await h.deps.pool.query(
      "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'qr_code', $3)",
      [h.workspaceId, member.id, h.resources.qr],
    );
    const { token } = await createSession(h.deps.pool, {
      userId: user.id,
      clientKind: 'web',
      clientLabel: null,
      twoFactorSatisfied: false,
    });
    const as = (path: string) =>
      h.app.request(`${path}${path.includes('?') ? '&' : '?'}workspace_id=${h.workspaceId}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
    const mine = (await (await as('/v1/analytics/totals')).json()) as { data: Totals };
    const qrOnly = (await (await as(`/v1/analytics/totals?resource_id=${h.resources.qr}`)).json()) as {
      data: Totals;
    };
    expect(mine.data).toEqual(qrOnly.data);
    expect(mine.data.clicks).toBe(0);
    expect((await as(`/v1/analytics/totals?resource_id=${h.resources.link}`)).status).toBe(404);
    const top = (await (await as('/v1/analytics/top')).json()) as { data: Array<{ resource_id: string }> };
    expect(top.data.map((t) => t.resource_id)).toEqual([h.resources.qr]);
  });

  it('exports raw events as CSV with progress and a download link', async () => {
    const from = new Date(Date.now() - DAY_MS).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const start = await h.app.request(`/v1/analytics/exports?workspace_id=${h.workspaceId}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${h.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ source: 'raw', from, to }),
    });
    expect(start.status).toBe(202);
    const created = (await start.json()) as { data: { id: string; status: string; progress: number } };
    expect(created.data).toMatchObject({ status: 'queued', progress: 0 });
    // the worker's export job, run here in-process
    const outcome = await runAnalyticsExport(
      { pool: h.deps.pool, store: h.deps.artifacts },
      h.workspaceId,
      created.data.id,
    );
    expect(outcome).toEqual({ status: 'succeeded', rows: 10 });
    const progress = await h.get<{
      data: { progress: number; status: string; download_url: string; expires_at: string };
    }>(`/v1/analytics/exports/${created.data.id}`, 'key');
    expect(progress.body.data).toMatchObject({ status: 'succeeded', progress: 100 });
    expect(new Date(progress.body.data.expires_at).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    const file = await h.app.request(progress.body.data.download_url, {
      headers: { Authorization: `Bearer ${h.apiKey}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const csv = await file.text();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'occurred_at,event_type,resource_type,resource_id,resource_title,short_url,parent_resource_id,country_code,region_code,device_type,os_family,browser_family,referrer_host,utm_source,utm_medium,utm_campaign,utm_term,utm_content,variant_id,fallback_stage,is_bot',
    );
    expect(lines).toHaveLength(11);
    expect(csv).not.toMatch(/visitor/);
    // after 24 h the link is gone
    await h.deps.pool.query("UPDATE export_jobs SET expires_at = now() - interval '1 second' WHERE id = $1", [
      created.data.id,
    ]);
    const late = await h.app.request(progress.body.data.download_url, {
      headers: { Authorization: `Bearer ${h.apiKey}` },
    });
    expect(late.status).toBe(410);
    const stored = await h.deps.artifacts.get(`exports/${h.workspaceId}/${created.data.id}.csv`);
    expect(new TextDecoder().decode(stored ?? new Uint8Array())).toBe(csv);
  });

  it('streams the same export into an S3-compatible bucket when that store is configured, and serves the download from it', async () => {
    const s3 = await startTestS3Server();
    try {
      const store = createArtifactStore(s3.config);
      const start = await h.app.request(`/v1/analytics/exports?workspace_id=${h.workspaceId}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${h.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          source: 'rollup',
          from: new Date(Date.now() - DAY_MS).toISOString(),
          to: new Date(Date.now() + 60_000).toISOString(),
        }),
      });
      expect(start.status).toBe(202);
      const { data } = (await start.json()) as { data: { id: string } };
      const outcome = await runAnalyticsExport({ pool: h.deps.pool, store }, h.workspaceId, data.id);
      expect(outcome.status).toBe('succeeded');
      const keys: string[] = [];
      for await (const object of store.list(`exports/${h.workspaceId}/`)) keys.push(object.key);
      expect(keys).toEqual([`exports/${h.workspaceId}/${data.id}.csv`]);
      const file = await openDownload(
        { ...h.deps, artifacts: store },
        await findExport(h.deps, h.workspaceId, data.id),
      );
      const csv = await new Response(file.body).text();
      expect(file.size).toBe(Buffer.byteLength(csv));
      expect(csv.split('\r\n')[0]).toBe(
        'bucket_start,resource_type,resource_id,resource_title,short_url,dimension,value,clicks,scans,page_views,bot_events,unique_visitors',
      );
      expect(csv.trim().split('\r\n').length).toBeGreaterThan(1);
      // the local folder holds nothing of it: the bucket is the only copy
      expect(await h.deps.artifacts.has(`exports/${h.workspaceId}/${data.id}.csv`)).toBe(false);
    } finally {
      await s3.close();
    }
  });

  it('drops a day partition past the longest retention and deletes expired rows of shorter plans', async () => {
    const ancient = new Date(Date.now() - 800 * DAY_MS);
    const old = new Date(Date.now() - 40 * DAY_MS);
    await h.xadd([
      testEvent(
        { workspace_id: h.workspaceId, resource_id: h.resources.link, occurred_at: ancient.toISOString() },
        'old',
      ),
      testEvent(
        { workspace_id: h.workspaceId, resource_id: h.resources.link, occurred_at: old.toISOString() },
        'old',
      ),
    ]);
    await h.drain();
    const ancientDay = ancient.toISOString().slice(0, 10);
    expect(await listDayPartitions(h.deps.pool)).toContain(ancientDay);
    await h.deps.pool.query("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [h.workspaceId]);
    const result = await applyRetention(h.deps.pool, new Date());
    expect(result.droppedPartitions).toContain(`click_events_p${ancientDay.replaceAll('-', '')}`);
    expect(await listDayPartitions(h.deps.pool)).not.toContain(ancientDay);
    // 40 days old: inside pro's 90 days of raw events, kept
    const kept = await h.deps.pool.query('SELECT 1 FROM click_events WHERE occurred_at = $1', [old]);
    expect(kept.rowCount).toBe(1);
    await h.deps.pool.query("UPDATE workspaces SET current_plan_key = 'free' WHERE id = $1", [h.workspaceId]);
    const free = await applyRetention(h.deps.pool, new Date());
    expect(free.rawRowsDeleted).toBe(1);
    expect(
      (await h.deps.pool.query('SELECT 1 FROM click_events WHERE occurred_at = $1', [old])).rowCount,
    ).toBe(0);
    expect(
      (
        await h.deps.pool.query(
          "SELECT 1 FROM analytics_rollup_hourly WHERE bucket_start < now() - interval '30 days' AND workspace_id = $1",
          [h.workspaceId],
        )
      ).rowCount,
    ).toBe(0);
    await h.deps.pool.query("UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1", [
      h.workspaceId,
    ]);
  });
});

describe('time-zone bucketing', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ plan: 'business', timeZone: 'Europe/Berlin' });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('buckets days in the workspace zone across the end of summer time (a 25-hour day)', async () => {
    // Berlin leaves summer time on 2026-10-25 at 03:00 CEST (01:00 UTC)
    const at = [
      '2026-10-24T21:30:00Z',
      '2026-10-24T22:30:00Z',
      '2026-10-25T22:30:00Z',
      '2026-10-25T23:30:00Z',
    ];
    await h.xadd(
      at.map((t) =>
        testEvent({ workspace_id: h.workspaceId, resource_id: h.resources.link, occurred_at: t }, t),
      ),
    );
    await h.drain();
    const ts = await h.get<{ data: Point[] }>(
      '/v1/analytics/timeseries?interval=day&from=2026-10-23T22:00:00Z&to=2026-10-26T23:00:00Z',
    );
    expect(ts.status).toBe(200);
    expect(ts.body.data.map((p) => [p.bucket_start, p.clicks])).toEqual([
      ['2026-10-23T22:00:00.000Z', 1], // Sat 24 Oct, 00:00 CEST
      ['2026-10-24T22:00:00.000Z', 2], // Sun 25 Oct, 00:00 CEST — 25 hours long
      ['2026-10-25T23:00:00.000Z', 1], // Mon 26 Oct, 00:00 CET
    ]);
    const hours = await h.get<{ data: Point[] }>(
      '/v1/analytics/timeseries?interval=hour&from=2026-10-24T21:00:00Z&to=2026-10-25T00:00:00Z',
    );
    expect(hours.body.data.map((p) => p.clicks)).toEqual([1, 1, 0]);
  });
});

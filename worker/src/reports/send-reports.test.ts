import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { insertMember, insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { recomputeFromRaw } from '../analytics/recompute';
import { applyRetention } from '../analytics/retention';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { sendDueReports } from './send-reports';

/**
 * Weekly report mails through the real mailer (the dev outbox): the numbers of the last
 * Monday-to-Sunday week in the workspace's zone against the week before (which holds the DST
 * change), once per period, only to verified live members. Numbers come from the rollups the
 * worker derives from the raw events; a monthly Free report still has the month before once its
 * raw events are gone.
 */
let t: TestWorkerDeps;
let outbox = '';
let workspaceId = '';
let ownerEmail = '';
let qr = '';
const NOW = new Date('2026-11-04T10:00:00Z'); // a Wednesday: the due week is Mon 26 Oct – Sun 1 Nov, Paris

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'linkhub-reports-'));
  t = await createTestWorkerDeps({ OUTBOX_DIR: outbox, PUBLIC_PWA_URL: 'https://app.example.test' });
  const handle = createDb(t.database.url, { max: 1 });
  const owner = await insertUser(handle.db, { email: 'owner@example.test' });
  ownerEmail = owner.email;
  const { workspace } = await insertWorkspace(handle.db, {
    ownerUserId: owner.id,
    name: 'Café Lumière',
    plan: 'pro',
  });
  workspaceId = workspace.id;
  const unverified = await insertUser(handle.db, { email: 'unverified@example.test', emailVerified: false });
  await insertMember(handle.db, { workspaceId, userId: unverified.id, role: 'viewer' });
  const domains = await ensureSystemDomains(handle.db);
  await handle.close();
  const pool = t.deps.pool;
  await pool.query("UPDATE workspaces SET time_zone = 'Europe/Paris' WHERE id = $1", [workspaceId]);
  qr =
    (
      await pool.query<{ id: string }>(
        "INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, title) VALUES ($1, $2, 'menu', 'https://example.com/', 'Menu') RETURNING id",
        [workspaceId, domains.linkDomainId],
      )
    ).rows[0]?.id ?? '';
  await pool.query("SELECT ensure_click_events_partitions('2026-10-15', '2026-11-05')");
  const scan = (at: string, country: string, referrer: string | null, n: number) =>
    pool.query(
      `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, country_code, referrer_host)
       SELECT $1::timestamptz, 'scan', $2, 'qr_code', $3, decode(md5($1 || g::text), 'hex'), $4, $5
         FROM generate_series(1, $6::int) g`,
      [at, workspaceId, qr, country, referrer, n],
    );
  // the due week: 5 from France (3 via instagram), 1 from Germany; Monday 00:30 Paris is still Sunday in UTC
  await scan('2026-10-25T23:30:00Z', 'FR', 'instagram.com', 3);
  await scan('2026-10-28T12:00:00Z', 'FR', null, 2);
  await scan('2026-11-01T22:59:00Z', 'DE', null, 1);
  // after the week (Monday 2 Nov 00:00 Paris = 1 Nov 23:00 UTC): not counted
  await scan('2026-11-01T23:00:00Z', 'FR', null, 7);
  // the week before (19–25 Oct, 169 hours with the DST change): 4
  await scan('2026-10-19T10:00:00Z', 'FR', null, 4);
  // the rollups, as the ingest and the nightly reconciliation write them
  await recomputeFromRaw(pool, new Date('2026-10-15T00:00:00Z'), new Date('2026-11-06T00:00:00Z'), NOW);
  await pool.query(
    "INSERT INTO analytics_report_subscriptions (workspace_id, user_id, frequency) SELECT $1, user_id, 'weekly' FROM workspace_members WHERE workspace_id = $1",
    [workspaceId],
  );
});
afterAll(async () => {
  await t.close();
  await rm(outbox, { recursive: true, force: true });
});

const mails = async () => Promise.all((await readdir(outbox)).map((f) => readFile(join(outbox, f), 'utf8')));

describe('weekly analytics report', () => {
  it('mails the last local week against the one before, to verified members only', async () => {
    expect(await sendDueReports(t.deps, NOW)).toEqual({ sent: 1, failed: 0 });
    const all = await mails();
    expect(all).toHaveLength(1);
    const mail = all[0] ?? '';
    expect(mail).toContain(`To: ${ownerEmail}`);
    expect(mail).toContain('Weekly analytics: Café Lumière, Oct 26, 2026 – Nov 1, 2026');
    expect(mail).toContain('QR scans: 6 (+50% vs 4 before)');
    expect(mail).toContain('Unique visitors: 6 (+50% vs 4 before)');
    expect(mail).toMatch(/Country:\n {2}FR: 5 \(83%\)\n {2}DE: 1 \(17%\)/);
    expect(mail).toMatch(/Referrer:\n {2}Direct \/ none: 3 \(50%\)\n {2}instagram\.com: 3 \(50%\)/);
    expect(mail).toContain('Link clicks: 0 (no change vs 0 before)');
    expect(mail).toContain('https://app.example.test/analytics?period=7d');
    expect(mail).not.toContain('unverified@example.test');
  });

  it('sends nothing twice for the same week, and the next week once it is due', async () => {
    expect(await sendDueReports(t.deps, new Date(NOW.getTime() + 3_600_000))).toEqual({ sent: 0, failed: 0 });
    expect(await mails()).toHaveLength(1);
    expect(await sendDueReports(t.deps, new Date('2026-11-09T08:00:00Z'))).toEqual({ sent: 1, failed: 0 });
    const latest = (await mails()).find((m) => m.includes('Nov 2, 2026 – Nov 8, 2026')) ?? '';
    expect(latest).toContain('QR scans: 7 (+17% vs 6 before)');
  });
});

describe('monthly report on Free (30 days of raw events and hourly rollups)', () => {
  const DEC_1 = new Date('2026-12-01T10:00:00Z'); // due: November in Paris; compared with October
  let freeOwner = '';

  beforeAll(async () => {
    const handle = createDb(t.database.url, { max: 1 });
    const owner = await insertUser(handle.db, { email: 'free-owner@example.test' });
    freeOwner = owner.email;
    const { workspace } = await insertWorkspace(handle.db, {
      ownerUserId: owner.id,
      name: 'Free shop',
      plan: 'free',
    });
    const domains = await ensureSystemDomains(handle.db);
    await handle.close();
    const pool = t.deps.pool;
    await pool.query("UPDATE workspaces SET time_zone = 'Europe/Paris' WHERE id = $1", [workspace.id]);
    const code =
      (
        await pool.query<{ id: string }>(
          "INSERT INTO qr_codes (workspace_id, domain_id, slug, destination_url, title) VALUES ($1, $2, 'free-menu', 'https://example.com/', 'Menu') RETURNING id",
          [workspace.id, domains.linkDomainId],
        )
      ).rows[0]?.id ?? '';
    await pool.query("SELECT ensure_click_events_partitions('2026-09-28', '2026-12-02')");
    const scans = (at: string, n: number) =>
      pool.query(
        `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, country_code)
         SELECT $1::timestamptz, 'scan', $2, 'qr_code', $3, decode(md5('free' || $1 || g::text), 'hex'), 'FR'
           FROM generate_series(1, $4::int) g`,
        [at, workspace.id, code, n],
      );
    // October in Paris: 10 + 2 (the 31st, 13:00 Paris); 1 on 30 September (not October)
    await scans('2026-09-30T12:00:00Z', 1);
    await scans('2026-10-10T12:00:00Z', 10);
    await scans('2026-10-31T12:00:00Z', 2);
    // November in Paris: 6
    await scans('2026-11-15T12:00:00Z', 6);
    await recomputeFromRaw(pool, new Date('2026-09-28T00:00:00Z'), new Date('2026-12-01T00:00:00Z'), DEC_1);
    // the nightly retention on 1 December: October's raw events, visitor days and hourly rollups go
    const cubeBefore = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM analytics_cube_hourly WHERE workspace_id = $1 AND bucket_start < '2026-11-01'",
      [workspace.id],
    );
    expect(Number(cubeBefore.rows[0]?.n)).toBeGreaterThan(0);
    const purged = await applyRetention(pool, DEC_1);
    // the dashboard's cube goes with the hourly rollups
    expect(purged.cubeRowsDeleted).toBe(Number(cubeBefore.rows[0]?.n));
    const left = await pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM click_events WHERE workspace_id = $1 AND occurred_at < '2026-11-01'",
      [workspace.id],
    );
    expect(Number(left.rows[0]?.n)).toBe(0);
    await pool.query(
      "INSERT INTO analytics_report_subscriptions (workspace_id, user_id, frequency) SELECT $1, user_id, 'monthly' FROM workspace_members WHERE workspace_id = $1",
      [workspace.id],
    );
  });

  it('compares November with all of October from the daily rollups, and says uniques are not kept', async () => {
    expect(await sendDueReports(t.deps, DEC_1)).toMatchObject({ failed: 0 });
    const mail = (await mails()).find((m) => m.includes(`To: ${freeOwner}`)) ?? '';
    expect(mail).toContain('Monthly analytics: Free shop, Nov 1, 2026 – Nov 30, 2026');
    expect(mail).toContain('QR scans: 6 (-50% vs 12 before)');
    expect(mail).toContain('Unique visitors: — (not kept for the whole period on this plan)');
    expect(mail).toMatch(/Country:\n {2}FR: 6 \(100%\)/);
  });
});

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client';
import { createTestDatabase, type TestDatabase } from './testing';
import { clickEvents, ingestStreamEntries } from './schema';
import { uuidv7 } from './ids';
import { migrate } from './migrate';
import { refused } from './test-helpers';

describe('analytics storage', () => {
  let testDb: TestDatabase;
  let h: DbHandle;
  beforeAll(async () => {
    testDb = await createTestDatabase();
    h = createDb(testDb.url);
  });
  afterAll(async () => {
    await h.close();
    await testDb.drop();
  });

  const event = (occurredAt: Date) => ({
    occurredAt,
    eventType: 'scan' as const,
    workspaceId: uuidv7(),
    resourceType: 'qr_code' as const,
    resourceId: uuidv7(),
    visitorHash: randomBytes(16),
    uaHash: randomBytes(16),
    countryCode: 'DE',
    regionCode: 'BE',
    deviceType: 'mobile',
    osFamily: 'iOS',
    browserFamily: 'Mobile Safari',
    referrerHost: null,
    fallbackStage: 1,
  });

  it('click_events is range-partitioned on occurred_at', async () => {
    const { rows } = await h.pool.query<{ strategy: string; key: string }>(
      `SELECT p.partstrat AS strategy, a.attname AS key
         FROM pg_partitioned_table p JOIN pg_attribute a ON a.attrelid = p.partrelid AND a.attnum = p.partattrs[0]
        WHERE p.partrelid = 'click_events'::regclass`,
    );
    expect(rows).toEqual([{ strategy: 'r', key: 'occurred_at' }]);
  });

  it('refuses an event for a day without a partition, and accepts it once the partition is created', async () => {
    const day = new Date(Date.UTC(2030, 5, 15, 23, 59, 59));
    const stored = event(day);
    const before = await refused(h.db.insert(clickEvents).values(stored));
    expect(before.sqlState).toBe('23514');
    const { rows } = await h.pool.query<{ name: string }>(
      `SELECT create_click_events_partition('2030-06-15') AS name`,
    );
    expect(rows[0]?.name).toBe('click_events_p20300615');
    // idempotent
    await h.pool.query(`SELECT create_click_events_partition('2030-06-15')`);
    await h.db.insert(clickEvents).values(stored);
    const next = new Date(Date.UTC(2030, 5, 16, 0, 0, 0));
    expect((await refused(h.db.insert(clickEvents).values(event(next)))).sqlState).toBe('23514');
    const where = await h.pool.query(
      `SELECT tableoid::regclass::text AS part FROM click_events WHERE resource_id = $1`,
      [stored.resourceId],
    );
    expect(where.rows).toEqual([{ part: 'click_events_p20300615' }]);
  });

  it('has today’s partition and the coming week’s from the migration', async () => {
    const today = new Date();
    await h.db.insert(clickEvents).values(event(today));
    const weekAhead = new Date(Date.now() + 6 * 86_400_000);
    await h.db.insert(clickEvents).values(event(weekAhead));
  });

  it('the entry ledger holds a stream entry once, and only a well-formed id', async () => {
    const entry = { entryMs: Date.now(), entrySeq: 7 };
    expect(await h.db.insert(ingestStreamEntries).values(entry).onConflictDoNothing().returning()).toEqual([
      entry,
    ]);
    expect(await h.db.insert(ingestStreamEntries).values(entry).onConflictDoNothing().returning()).toEqual(
      [],
    );
    expect((await refused(h.db.insert(ingestStreamEntries).values(entry))).sqlState).toBe('23505');
    expect(
      (await refused(h.db.insert(ingestStreamEntries).values({ entryMs: -1, entrySeq: 0 }))).sqlState,
    ).toBe('23514');
  });

  it('migration 0175 puts the entries of the last 7 days stored before the ledger existed into it', async () => {
    const at = new Date();
    // the database as it was before 0175 (and 0176), holding one event of entry `{ms}-3` (its 13th line)
    await h.pool.query(`DROP TABLE ingest_stream_entries;
      ALTER TABLE click_events ADD COLUMN stream_message_id text;
      UPDATE click_events SET stream_message_id = id::text;
      ALTER TABLE click_events ADD PRIMARY KEY (stream_message_id, occurred_at);
      DELETE FROM schema_migrations WHERE name = '0175_ingest_entry_ledger.sql'`);
    const before = (streamMessageId: string) =>
      h.pool.query(
        `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, stream_message_id)
         VALUES ($1, 'scan', $2, 'qr_code', $3, $4, $5)`,
        [at, uuidv7(), uuidv7(), randomBytes(16), streamMessageId],
      );
    await before(`${at.getTime()}-3:12`);
    await before('not-an-entry-id');
    expect((await migrate(testDb.url)).applied).toEqual(['0175_ingest_entry_ledger.sql']);
    const ledger = await h.db.select().from(ingestStreamEntries);
    expect(ledger).toContainEqual({ entryMs: at.getTime(), entrySeq: 3 });
    expect(ledger.every((e) => e.entrySeq >= 0 && e.entryMs > 0)).toBe(true);
    await h.pool.query('ALTER TABLE click_events DROP COLUMN stream_message_id');
  });

  it('hashes are exactly 16 bytes', async () => {
    const bad = await refused(
      h.db.insert(clickEvents).values({ ...event(new Date()), visitorHash: randomBytes(32) }),
    );
    expect(bad.sqlState).toBe('23514');
    const { rows } = await h.pool.query<{ visitor_hash: Buffer }>(
      `SELECT visitor_hash FROM click_events LIMIT 1`,
    );
    expect(rows[0]?.visitor_hash).toBeInstanceOf(Buffer);
    expect(rows[0]?.visitor_hash.length).toBe(16);
  });

  it('no column of any table can hold a raw IP address or a raw User-Agent', async () => {
    const { rows } = await h.pool.query<{ table_name: string; column_name: string; data_type: string }>(
      `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    const suspicious = rows.filter(
      (r) =>
        ['inet', 'cidr'].includes(r.data_type) ||
        /(^|_)(ip|ip_address|ipaddr|remote_addr|client_ip|x_forwarded_for|user_agent|useragent|ua)$/.test(
          r.column_name,
        ) ||
        /user_agent|ip_addr/.test(r.column_name),
    );
    expect(suspicious).toEqual([]);
    const clickColumns = rows.filter((r) => r.table_name === 'click_events').map((r) => r.column_name);
    expect(clickColumns).toEqual(
      expect.arrayContaining(['visitor_hash', 'ua_hash', 'country_code', 'device_type']),
    );
    // the stream entry id and ingest time went with the per-event key (0176, D-448)
    expect(clickColumns.filter((c) => c === 'stream_message_id' || c === 'ingested_at')).toEqual([]);
  });

  it('retention drops whole partitions before a cutoff and nothing newer', async () => {
    await h.pool.query(`SELECT ensure_click_events_partitions('2001-01-01', '2001-01-03')`);
    const { rows } = await h.pool.query<{ name: string }>(
      `SELECT drop_click_events_partitions_before('2001-01-03') AS name`,
    );
    expect(rows.map((r) => r.name)).toEqual(['click_events_p20010101', 'click_events_p20010102']);
    const left = await h.pool.query(
      `SELECT to_regclass('click_events_p20010103') IS NOT NULL AS kept, to_regclass('click_events_p20300615') IS NOT NULL AS future`,
    );
    expect(left.rows).toEqual([{ kept: true, future: true }]);
  });

  it('rollups upsert by increment on (workspace, resource, bucket, dimension, value)', async () => {
    const ws = uuidv7();
    const resource = uuidv7();
    const upsert = `INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, bucket_start, dimension, value, resource_type, scans)
                    VALUES ($1, $2, '2030-06-15T10:00:00Z', 'country', 'DE', 'qr_code', $3)
                    ON CONFLICT (workspace_id, resource_id, bucket_start, dimension, value) DO UPDATE SET scans = analytics_rollup_hourly.scans + EXCLUDED.scans`;
    await h.pool.query(upsert, [ws, resource, 2]);
    await h.pool.query(upsert, [ws, resource, 3]);
    const { rows } = await h.pool.query<{ scans: string }>(
      'SELECT scans FROM analytics_rollup_hourly WHERE resource_id = $1',
      [resource],
    );
    expect(rows.map((r) => Number(r.scans))).toEqual([5]);
    const offHour = await refused(
      h.pool.query(
        `INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, bucket_start, dimension, value, resource_type) VALUES ($1, $2, '2030-06-15T10:30:00Z', 'all', '', 'link')`,
        [ws, resource],
      ),
    );
    expect(offHour.sqlState).toBe('23514');
  });
});

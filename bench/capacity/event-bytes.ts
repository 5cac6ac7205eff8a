import pg from 'pg';
import { dropDatabase, freshDatabase } from '../startup/processes';

/**
 * `npx tsx bench/capacity/event-bytes.ts`: bytes one stored click event takes in this build's
 * schema (heap and each index), for docs/capacity.md's redo of the spec's raw event storage (which estimated
 * 385 B). BENCH_EVENTS (200,000) events of a realistic mix are inserted into today's partition of a
 * migrated throwaway database, then VACUUM ANALYZE and the relation sizes are read.
 */
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const DATABASE = 'linkhub_bench_event_bytes';

// The mix: 40 % with a referrer, 20 % with UTM source/medium/campaign, 70 % with a region, every
// hash 16 bytes.
const INSERT = `
INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, ua_hash,
  country_code, region_code, device_type, os_family, browser_family, referrer_host, utm_source, utm_medium,
  utm_campaign, is_bot, language)
SELECT now() - (i % 3600) * interval '1 second',
  (ARRAY['click','scan','page_view'])[1 + i % 3],
  ('00000000-0000-7000-8000-' || lpad(to_hex(i % 5000), 12, '0'))::uuid,
  'link',
  ('00000000-0000-7000-9000-' || lpad(to_hex(i % 250000), 12, '0'))::uuid,
  decode(md5(i::text), 'hex'), decode(md5((i % 20)::text), 'hex'),
  (ARRAY['DE','US','FR','GB','BR','IN','JP','ES'])[1 + i % 8],
  CASE WHEN i % 10 < 7 THEN (ARRAY['DE-BE','US-CA','FR-IDF','GB-ENG','BR-SP','IN-MH'])[1 + i % 6] END,
  (ARRAY['mobile','desktop','tablet'])[1 + i % 3], (ARRAY['iOS','Android','Windows'])[1 + i % 3],
  (ARRAY['Mobile Safari','Chrome','Firefox'])[1 + i % 3],
  CASE WHEN i % 10 < 4 THEN (ARRAY['instagram.com','t.co','www.google.com','news.example.org'])[1 + i % 4] END,
  CASE WHEN i % 5 = 0 THEN 'newsletter' END, CASE WHEN i % 5 = 0 THEN 'email' END,
  CASE WHEN i % 5 = 0 THEN 'spring-sale-2026' END,
  false, 'en'
FROM generate_series(1, $1::int) AS i`;

const url = await freshDatabase(DATABASE);
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query(INSERT, [EVENTS]);
  await client.query('VACUUM ANALYZE click_events');
  const parts = await client.query<{ relid: string }>(
    `SELECT c.oid::regclass::text AS relid FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'click_events'::regclass AND c.reltuples > 0`,
  );
  const rows: Array<{ relation: string; 'bytes per event': string }> = [];
  let total = 0;
  for (const { relid } of parts.rows) {
    const sizes = await client.query<{ name: string; bytes: string }>(
      `SELECT 'heap (with TOAST)' AS name, pg_table_size($1::regclass) AS bytes
       UNION ALL SELECT i.indexrelid::regclass::text, pg_relation_size(i.indexrelid) FROM pg_index i WHERE i.indrelid = $1::regclass`,
      [relid],
    );
    for (const size of sizes.rows) {
      total += Number(size.bytes);
      const name = size.name.replace(relid, 'partition');
      const known = rows.find((r) => r.relation === name);
      const perEvent = Number(size.bytes) / EVENTS;
      if (known) known['bytes per event'] = (Number(known['bytes per event']) + perEvent).toFixed(1);
      else rows.push({ relation: name, 'bytes per event': perEvent.toFixed(1) });
    }
  }
  rows.push({ relation: 'total', 'bytes per event': (total / EVENTS).toFixed(1) });
  console.log(`${EVENTS} click events in ${parts.rowCount} partition(s), after VACUUM ANALYZE`);
  console.table(rows);
} finally {
  await client.end();
  await dropDatabase(DATABASE);
}

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { flatClickRow, nestedClickRow, type ClickRow, type FlatClickRow } from './click-row';
import { CopyBinaryWriter, uuidBytes } from './copy-binary';
import { copyEvents } from './copy-events';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
  await t.deps.pool.query(
    "SELECT ensure_click_events_partitions('1999-12-30'::date, '1999-12-31'::date), ensure_click_events_partitions('2026-12-04'::date, '2026-12-06'::date)",
  );
});
afterAll(async () => {
  await t.close();
});

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
let seq = 0;
/** A row's columns side by side (the row itself: `nestedClickRow`). */
const flat = ({ same: _same, ...over }: Partial<FlatClickRow> & { same?: boolean } = {}): FlatClickRow => ({
  stream_message_id: `1733390000000-${String((seq += 1)).padStart(8, '0')}:0`, // not stored
  occurred_at: new Date(Date.UTC(2026, 11, 5, 10, 0, 0, 123)),
  event_type: 'click',
  workspace_id: '0190a6f0-7c2e-7000-8000-00000000000a',
  resource_type: 'link',
  resource_id: '0190a6f0-7c2e-7000-8000-00000000000b',
  parent_resource_id: null,
  block_id: null,
  visitor_hash: 'a'.repeat(32),
  ua_hash: '0123456789abcdef'.repeat(2),
  country_code: 'FR',
  region_code: 'IDF',
  device_type: 'mobile',
  os_family: 'iOS',
  browser_family: 'Mobile Safari',
  referrer_host: null,
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
  variant_id: null,
  fallback_stage: null,
  is_bot: false,
  language: null,
  ...over,
});

/** The rows the current transaction wrote (their xmin is its id). */
const STORED_HERE = `SELECT id::text, occurred_at, event_type, workspace_id::text, resource_type,
  resource_id::text, parent_resource_id::text, encode(visitor_hash, 'hex') AS visitor_hash,
  encode(ua_hash, 'hex') AS ua_hash, country_code, region_code, device_type, os_family, browser_family,
  referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id::text,
  fallback_stage, is_bot, language
  FROM click_events WHERE xmin::text = (txid_current() % 4294967296)::text`;

type Stored = Omit<FlatClickRow, 'block_id' | 'stream_message_id'> & { id: string };

/** COPYs the rows in one transaction and reads back what it stored. */
async function copyAndRead(rows: readonly ClickRow[]): Promise<Stored[]> {
  const client = await t.deps.pool.connect();
  try {
    await client.query('BEGIN');
    await copyEvents(client, rows);
    const { rows: stored } = await client.query<Stored>(STORED_HERE);
    await client.query('COMMIT');
    return stored;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** Rows as a sorted list of their values (a table has no order; the ids are the write's own). */
const valuesOf = (rows: ReadonlyArray<object>): string[] =>
  rows.map((r) => JSON.stringify(r, Object.keys(r).sort())).sort();

const row = (over: Partial<FlatClickRow> = {}): ClickRow => nestedClickRow(flat(over));

const expected = (r: FlatClickRow) => {
  const { block_id: _block, stream_message_id: _notStored, ...columns } = r;
  return { ...columns, workspace_id: r.workspace_id.toLowerCase(), resource_id: r.resource_id.toLowerCase() };
};

describe('COPY in binary format (CopyBinaryWriter)', () => {
  it(
    'stores every row exactly as given, whatever its free text, times and nulls',
    { timeout: 120_000 },
    async () => {
      const text = fc.option(fc.string({ unit: 'grapheme', maxLength: 40 }), { nil: null });
      const tricky = fc.option(
        fc.constantFrom('a\tb', 'line\nbreak\r', 'back\\slash', '\\N', 'ü', '🙂', '', "it's"),
        { nil: null },
      );
      const free = fc.oneof(text, tricky);
      const uuid = fc.uuid().filter((u) => u !== '00000000-0000-0000-0000-000000000000');
      const hash = fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('hex'));
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              region_code: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
              os_family: free,
              browser_family: free,
              referrer_host: free,
              utm_source: free,
              utm_medium: free,
              utm_campaign: free,
              utm_term: free,
              utm_content: free,
              fallback_stage: fc.constantFrom(null, 1, 2, 3, 4),
              is_bot: fc.boolean(),
              language: fc.constantFrom(null, 'de', 'yue'),
              country_code: fc.constantFrom(null, 'FR', 'US'),
              event_type: fc.constantFrom('click', 'scan', 'page_view'),
              workspace_id: uuid.map((u) => u.toUpperCase()),
              resource_id: uuid,
              parent_resource_id: fc.option(uuid, { nil: null }),
              variant_id: fc.option(uuid, { nil: null }),
              visitor_hash: hash,
              // a few UA hashes the rows of a write repeat (the writer copies their bytes), or any
              ua_hash: fc.oneof(
                fc.constantFrom('0123456789abcdef'.repeat(2), 'f'.repeat(32), '0'.repeat(32)),
                hash,
              ),
              occurred_at: fc
                .integer({ min: Date.UTC(2026, 11, 4), max: Date.UTC(2026, 11, 7) - 1 })
                .map((ms) => new Date(ms)),
              same: fc.boolean(),
            }),
            { minLength: 1, maxLength: 12 },
          ),
          async (overrides) => {
            const columns = overrides.map((o) => flat(o));
            // a row marked `same` shares the previous row's subject object, as an entry's rows do
            const rows = columns.map(nestedClickRow).map((r, i, all) => {
              const previous = all[i - 1];
              return overrides[i]?.same && previous ? { ...r, subject: previous.subject } : r;
            });
            const stored = await copyAndRead(rows);
            expect(valuesOf(stored.map(({ id: _id, ...values }) => values))).toEqual(
              valuesOf(rows.map((r) => expected(flatClickRow(r)))),
            );
            for (const s of stored) expect(s.id).toMatch(V7);
          },
        ),
        { numRuns: 30 },
      );
    },
  );

  it('writes times before PostgreSQL’s 2000 epoch and the ms of the write into distinct UUIDv7 ids', async () => {
    const at = Date.UTC(2026, 11, 3, 10, 0, 0, 123);
    const early = row({ occurred_at: new Date(Date.UTC(1999, 11, 31, 23, 59, 59, 999)) });
    const stored = await copyAndRead([early]);
    expect(stored[0]?.occurred_at).toEqual(early.occurred_at);
    const many = Array.from({ length: 5000 }, () => row());
    const bytes = new CopyBinaryWriter().write(many, at);
    // header (19) + field count (2) + id length (4): the first row's id
    const firstId = bytes.subarray(25, 41).toString('hex');
    expect(parseInt(firstId.slice(0, 12), 16)).toBe(at);
    const ids = (await copyAndRead(many)).map((s) => s.id);
    expect(new Set(ids).size).toBe(5000);
  });

  it('has PostgreSQL refuse a row whose value is not what its column holds, as data (the consumer dead-letters it)', async () => {
    const refusal = async (r: ClickRow) => {
      try {
        await copyAndRead([r]);
        return 'stored';
      } catch (error) {
        return pgErrorInfo(error)?.sqlState?.slice(0, 2);
      }
    };
    expect(await refusal(row({ visitor_hash: 'zz'.repeat(16) }))).toBe('23');
    expect(await refusal(row({ ua_hash: 'ab' }))).toBe('23');
    expect(await refusal(row({ visitor_hash: `${'ab'.repeat(15)}zz` }))).toBe('23');
    expect(await refusal(row({ ua_hash: `${'0f'.repeat(15)}é1` }))).toBe('23');
    expect(await refusal(row({ resource_id: 'not-a-uuid' }))).toBe('22');
    expect(await refusal(row({ utm_source: 'nul\u0000byte' }))).toBe('22');
    expect(await refusal(row({ region_code: 'R'.repeat(9) }))).toBe('23');
  });

  it('writes each row its own UA hash, whether an earlier row of the write had it or not (or the write gave up remembering)', () => {
    /** The COPY's fields row by row (null for NULL), header and trailer left out. */
    const fieldsOf = (bytes: Buffer): Array<Array<Buffer | null>> => {
      const rows: Array<Array<Buffer | null>> = [];
      let at = 19;
      for (let count = bytes.readInt16BE(at); count !== -1; count = bytes.readInt16BE(at)) {
        at += 2;
        const fields: Array<Buffer | null> = [];
        for (let f = 0; f < count; f += 1) {
          const length = bytes.readInt32BE(at);
          at += 4;
          fields.push(length < 0 ? null : bytes.subarray(at, at + length));
          at += Math.max(0, length);
        }
        rows.push(fields);
      }
      return rows;
    };
    const UA_FIELD = 8; // id, occurred_at, the 5 subject columns, visitor_hash, ua_hash
    const uaHash = fc.oneof(
      fc.constantFrom('0123456789abcdef'.repeat(2), 'AB'.repeat(16), 'ab'.repeat(15), `${'0f'.repeat(15)}g1`),
      fc.uint8Array({ minLength: 16, maxLength: 16 }).map((b) => Buffer.from(b).toString('hex')),
    );
    const writer = new CopyBinaryWriter();
    fc.assert(
      fc.property(fc.array(uaHash, { minLength: 1, maxLength: 120 }), (hashes) => {
        const fields = fieldsOf(
          writer.write(
            hashes.map((ua_hash) => row({ ua_hash })),
            Date.now(),
          ),
        );
        expect(fields.map((f) => f[UA_FIELD]?.toString('hex'))).toEqual(
          hashes.map((h) => (/^[0-9a-f]{32}$/i.test(h) ? h.toLowerCase() : '')),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('reads a UUID in either case and nothing else', () => {
    const id = '0190a6f0-7c2e-7000-8000-00000000000a';
    expect(Buffer.from(uuidBytes(id) ?? []).toString('hex')).toBe(id.replace(/-/g, ''));
    expect(uuidBytes(id.toUpperCase())).toEqual(uuidBytes(id));
    for (const bad of ['', id.slice(1), `${id}0`, id.replace(/-/g, 'x'), id.replace('a', 'g')])
      expect(uuidBytes(bad)).toBeNull();
  });
});

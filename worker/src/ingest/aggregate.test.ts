import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { ROLLUP_DIMENSIONS, ROLLUP_DIMENSION_NAMES } from '@linkhub/shared/analytics/rollup-dimensions';
import {
  aggregateBatch,
  rollupResource,
  type BatchAggregate,
  type RollupIncrement,
  type TouchedResource,
} from './aggregate';
import { flatClickRow, toClickRow, type ClickRow, type RowSubject } from './click-row';
import { createSeenVisitorDays } from './seen-visitor-days';

/**
 * The aggregate written the plainest way, as the reference: every row's flat columns, one string key
 * per (resource hour, dimension, value); a (resource, hour) takes the type of its first row.
 */
function referenceAggregate(rows: readonly ClickRow[]): BatchAggregate {
  const targets = new Map<string, TouchedResource>();
  const touched = new Map<string, TouchedResource>();
  const rollups = new Map<string, RollupIncrement>();
  const days = new Map<
    string,
    { workspace_id: string; resource_id: string; event_date: string; visitors: Set<string> }
  >();
  for (const row of rows) {
    const flat = flatClickRow(row);
    const bucket = new Date(Math.floor(flat.occurred_at.getTime() / 3_600_000) * 3_600_000).toISOString();
    const resource = rollupResource(row.subject);
    const hourKey = `${resource.workspace_id}|${resource.resource_id}|${bucket}`;
    let target = targets.get(hourKey);
    if (target === undefined) {
      target = resource;
      targets.set(hourKey, target);
      touched.set(target.resource_id, target);
    }
    for (const dimension of ROLLUP_DIMENSION_NAMES) {
      const value = ROLLUP_DIMENSIONS[dimension].of(flat);
      if (value === '' && dimension !== 'all') continue;
      const key = `${hourKey}|${dimension}\u0000${value}`;
      const inc = rollups.get(key) ?? {
        ...target,
        bucket_start: bucket,
        dimension,
        value,
        clicks: 0,
        scans: 0,
        page_views: 0,
        bot_events: 0,
      };
      if (flat.is_bot) inc.bot_events += 1;
      else if (flat.event_type === 'click') inc.clicks += 1;
      else if (flat.event_type === 'scan') inc.scans += 1;
      else inc.page_views += 1;
      rollups.set(key, inc);
    }
    if (flat.is_bot) continue;
    const event_date = bucket.slice(0, 10);
    const dayKey = `${target.resource_id}|${event_date}`;
    let day = days.get(dayKey);
    if (day === undefined) {
      day = {
        workspace_id: target.workspace_id,
        resource_id: target.resource_id,
        event_date,
        visitors: new Set(),
      };
      days.set(dayKey, day);
    }
    day.visitors.add(flat.visitor_hash);
  }
  const sorted = <T>(map: Map<string, T>): T[] => [...map.keys()].sort().flatMap((k) => map.get(k) ?? []);
  return {
    rollups: sorted(rollups),
    uniques: sorted(days).flatMap(({ workspace_id, resource_id, event_date, visitors }) =>
      [...visitors].sort().map((visitor_hash) => ({ workspace_id, resource_id, event_date, visitor_hash })),
    ),
    touched: sorted(touched),
  };
}

const ws = '01a23729-daa5-7791-aded-7114d53cc3cb';
const link = '01a23729-daa5-7791-aded-000000000001';
const page = '01a23729-daa5-7791-aded-000000000002';
const block = '01a23729-daa5-7791-aded-000000000003';

function row(id: string, overrides: Parameters<typeof testEvent>[0], visitor = 'v'): ClickRow {
  const r = toClickRow(id, testEvent(overrides, visitor));
  if (!r.ok) throw new Error(r.reason);
  return r.row;
}

describe('aggregateBatch', () => {
  it('counts humans by type, bots apart, per hour, and one visitor-day per visitor', () => {
    const at = '2026-05-01T10:15:00.000Z';
    const { rollups, uniques } = aggregateBatch([
      row('1-0', { workspace_id: ws, resource_id: link, occurred_at: at }, 'a'),
      row('2-0', { workspace_id: ws, resource_id: link, occurred_at: '2026-05-01T10:59:59.000Z' }, 'a'),
      row('3-0', { workspace_id: ws, resource_id: link, occurred_at: at, is_bot: true }, 'bot'),
      row(
        '4-0',
        { workspace_id: ws, resource_id: link, occurred_at: at, country_code: null, region_code: null },
        'b',
      ),
    ]);
    const all = rollups.find((r) => r.dimension === 'all');
    expect(all).toMatchObject({ bucket_start: '2026-05-01T10:00:00.000Z', clicks: 3, bot_events: 1 });
    // an unknown country gets no row: unknown = all − known
    expect(rollups.filter((r) => r.dimension === 'country')).toEqual([
      expect.objectContaining({ value: 'FR', clicks: 2, bot_events: 1 }),
    ]);
    expect(rollups.find((r) => r.dimension === 'region')?.value).toBe('FR-IDF');
    expect(uniques).toHaveLength(2);
  });

  it('leaves out the visitor days a seen set holds, in either generation, and sorts the rest', () => {
    const at = (day: number) => `2026-05-0${day}T10:15:00.000Z`;
    const rows = [
      row('1-0', { workspace_id: ws, resource_id: link, occurred_at: at(1) }, 'c'),
      row('2-0', { workspace_id: ws, resource_id: link, occurred_at: at(1) }, 'a'),
      row('3-0', { workspace_id: ws, resource_id: link, occurred_at: at(1) }, 'b'),
      row('4-0', { workspace_id: ws, resource_id: link, occurred_at: at(2) }, 'a'),
    ];
    const hash = (visitor: string) => row('x', { workspace_id: ws, resource_id: link }, visitor).visitor_hash;
    const seen = createSeenVisitorDays(1);
    seen.addAll([{ resource_id: link, event_date: '2026-05-01', visitor_hash: hash('a') }]);
    seen.addAll([{ resource_id: link, event_date: '2026-05-01', visitor_hash: hash('c') }]);
    const { uniques } = aggregateBatch(rows, seen);
    expect(uniques.map((u) => [u.event_date, u.visitor_hash])).toEqual([
      ['2026-05-01', hash('b')],
      ['2026-05-02', hash('a')],
    ]);
  });

  it('with a seen set, is the aggregate without it minus the visitor days it holds', () => {
    const resources = [link, page];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            resource: fc.nat(1),
            day: fc.integer({ min: 1, max: 2 }),
            visitor: fc.constantFrom('a', 'b', 'c', 'd'),
            isBot: fc.boolean(),
          }),
          { maxLength: 20 },
        ),
        fc.array(
          fc.record({
            resource: fc.nat(1),
            day: fc.integer({ min: 1, max: 3 }),
            visitor: fc.constantFrom('a', 'b', 'e'),
          }),
        ),
        fc.integer({ min: 1, max: 4 }),
        (specs, held, capacity) => {
          const rows = specs.map((spec, i) =>
            row(
              `${i}-0`,
              {
                workspace_id: ws,
                resource_id: resources[spec.resource] ?? link,
                occurred_at: `2026-05-0${spec.day}T10:15:00.000Z`,
                is_bot: spec.isBot,
              },
              spec.visitor,
            ),
          );
          const seen = createSeenVisitorDays(capacity);
          const known = (visitor: string) =>
            row('x', { workspace_id: ws, resource_id: link }, visitor).visitor_hash;
          for (const h of held)
            seen.addAll([
              {
                resource_id: resources[h.resource] ?? link,
                event_date: `2026-05-0${h.day}`,
                visitor_hash: known(h.visitor),
              },
            ]);
          const whole = aggregateBatch(rows);
          expect(aggregateBatch(rows, seen)).toEqual({
            ...whole,
            uniques: whole.uniques.filter((u) => !seen.has(u)),
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts a bio block click for its page, with the block as a dimension', () => {
    const r = row('1-0', { workspace_id: ws, resource_id: page, resource_type: 'bio_page', block_id: block });
    expect(r.subject).toMatchObject({
      resource_type: 'bio_block',
      resource_id: block,
      parent_resource_id: page,
    });
    const { rollups, touched } = aggregateBatch([r]);
    expect(touched).toEqual([{ workspace_id: ws, resource_id: page, resource_type: 'bio_page' }]);
    expect(rollups.find((x) => x.dimension === 'block')).toMatchObject({
      resource_id: page,
      value: block,
      clicks: 1,
    });
  });

  it('refuses ids the uuid columns cannot hold', () => {
    expect(toClickRow('1-0', testEvent({ workspace_id: ws, resource_id: 'abc' }))).toEqual({
      ok: false,
      reason: 'resource_id: not a UUID',
    });
  });

  it('counts what the plain reference aggregate counts, for rows sharing group objects or not', () => {
    const nullable = <T>(...values: T[]) => fc.constantFrom<T | null>(null, ...values);
    const subject: fc.Arbitrary<RowSubject> = fc.oneof(
      fc.record({
        event_type: fc.constantFrom('click', 'scan', 'page_view'),
        workspace_id: fc.constant(ws),
        resource_type: fc.constantFrom('link', 'qr_code', 'bio_page'),
        resource_id: fc.constantFrom(link, page),
        parent_resource_id: fc.constant(null),
        block_id: fc.constant(null),
      }),
      fc.record({
        event_type: fc.constant('click'),
        workspace_id: fc.constant(ws),
        resource_type: fc.constant('bio_block'),
        resource_id: fc.constant(block),
        parent_resource_id: fc.constant(page),
        block_id: fc.constant(block),
      }),
    );
    // a few of each group object, shared by the rows that pick them, as an entry's rows share theirs
    const groups = fc.record({
      subjects: fc.array(subject, { minLength: 1, maxLength: 3 }),
      geos: fc.array(fc.record({ country_code: nullable('FR', 'DE'), region_code: nullable('IDF', 'BY') }), {
        minLength: 1,
        maxLength: 3,
      }),
      uas: fc.array(
        fc.record({
          device_type: fc.constantFrom('mobile', 'desktop'),
          os_family: nullable('iOS', 'Android'),
          browser_family: nullable('Chrome'),
          is_bot: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      utms: fc.array(
        fc.record({
          utm_source: nullable('news'),
          utm_medium: nullable('email'),
          utm_campaign: nullable('spring'),
          utm_term: nullable('shoes'),
          utm_content: nullable('hero'),
        }),
        { minLength: 1, maxLength: 2 },
      ),
      outcomes: fc.array(fc.record({ variant_id: nullable(link), fallback_stage: nullable(1, 2, 3, 4) }), {
        minLength: 1,
        maxLength: 2,
      }),
    });
    const pick = <T>(from: readonly T[], i: number): T => from[i % from.length] ?? (from[0] as T);
    fc.assert(
      fc.property(
        groups,
        fc.array(
          fc.record({
            picks: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
            hour: fc.integer({ min: 0, max: 2 }),
            visitor: fc.constantFrom('a', 'b', 'c'),
            referrer_host: nullable('t.co', 'google.com'),
            language: nullable('de', 'fr'),
          }),
          { maxLength: 30 },
        ),
        (g, specs) => {
          const rows: ClickRow[] = specs.map((spec, i) => {
            const [s = 0, geo = 0, ua = 0, utm = 0, outcome = 0] = spec.picks;
            return {
              stream_message_id: `1-${i}`,
              occurred_at: new Date(Date.UTC(2026, 4, 1, 10 + spec.hour, i % 60)),
              visitor_hash: spec.visitor.repeat(32),
              ua_hash: 'f'.repeat(32),
              referrer_host: spec.referrer_host,
              language: spec.language,
              subject: pick(g.subjects, s),
              geo: pick(g.geos, geo),
              ua: pick(g.uas, ua),
              utm: pick(g.utms, utm),
              outcome: pick(g.outcomes, outcome),
            };
          });
          expect(aggregateBatch(rows)).toEqual(referenceAggregate(rows));
        },
      ),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/analytics/test-events';
import { aggregateBatch } from './aggregate';
import { toClickRow, type ClickRow } from './click-row';

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

  it('counts a bio block click for its page, with the block as a dimension', () => {
    const r = row('1-0', { workspace_id: ws, resource_id: page, resource_type: 'bio_page', block_id: block });
    expect(r).toMatchObject({ resource_type: 'bio_block', resource_id: block, parent_resource_id: page });
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
});

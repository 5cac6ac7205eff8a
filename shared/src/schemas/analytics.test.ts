import { describe, expect, it } from 'vitest';
import { breakdownQuerySchema, resolveRange, timeseriesQuerySchema } from './analytics';
import { problems } from './test-helpers';

const ID = '01900000-0000-7000-8000-000000000001';

describe('analytics queries', () => {
  it('timeseries: dates or instants, interval default day', () => {
    const q = timeseriesQuerySchema.parse({
      resource_id: ID,
      from: '2026-05-01',
      to: '2026-05-08T00:00:00Z',
    });
    expect(q).toEqual({
      resource_id: ID,
      from: new Date('2026-05-01T00:00:00Z'),
      to: new Date('2026-05-08T00:00:00Z'),
      interval: 'day',
    });
    expect(problems(timeseriesQuerySchema, { interval: 'minute' })).toEqual([['interval', 'invalid_value']]);
    expect(problems(timeseriesQuerySchema, { from: '2026-05-08', to: '2026-05-01' })).toEqual([
      ['from', 'from_after_to'],
    ]);
    expect(
      problems(timeseriesQuerySchema, { from: '2026-01-01', to: '2026-03-01', interval: 'hour' }),
    ).toEqual([['from', 'range_too_long']]);
    expect(problems(timeseriesQuerySchema, { resource_id: 'abc' })).toEqual([
      ['resource_id', 'invalid_format'],
    ]);
  });

  it('breakdown: a known dimension, limit 1–100', () => {
    expect(breakdownQuerySchema.parse({ dimension: 'country', include_bots: 'true' })).toEqual({
      dimension: 'country',
      include_bots: true,
      limit: 10,
    });
    expect(problems(breakdownQuerySchema, { dimension: 'ip_address' })).toEqual([
      ['dimension', 'invalid_value'],
    ]);
    expect(problems(breakdownQuerySchema, { dimension: 'country', limit: '500' })).toEqual([
      ['limit', 'too_big'],
    ]);
  });

  it('resolveRange fills the default window', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    expect(resolveRange({}, now)).toEqual({ from: new Date('2026-05-02T00:00:00Z'), to: now });
    expect(resolveRange({ interval: 'hour' }, now)).toEqual({
      from: new Date('2026-05-30T00:00:00Z'),
      to: now,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  PLANS,
  PLAN_KEYS,
  QUOTA_FIELDS,
  hasFeature,
  hasRoomFor,
  limitFor,
  plansWithFeature,
  retentionDays,
  apiRequestsPerMinute,
} from './plans';

describe('plan catalogue', () => {
  it('carries the documented plan numbers', () => {
    expect(PLAN_KEYS.map((p) => PLANS[p].limits)).toEqual([
      { workspaces: 1, bio_pages: 1, links: 50, qr_codes: 5, custom_domains: 0, members: 1 },
      { workspaces: 1, bio_pages: 10, links: 2000, qr_codes: 200, custom_domains: 3, members: 3 },
      { workspaces: 10, bio_pages: null, links: null, qr_codes: null, custom_domains: 50, members: 25 },
    ]);
    expect(
      PLAN_KEYS.map((p) => [retentionDays(p, 'raw_click_days'), retentionDays(p, 'hourly_rollup_days')]),
    ).toEqual([
      [30, 30],
      [90, 365],
      [730, null],
    ]);
    expect(PLAN_KEYS.map(apiRequestsPerMinute)).toEqual([60, 600, 3000]);
  });

  it('gates grants to Business and experiments and targeting to Pro and up', () => {
    expect(plansWithFeature('grants_enabled')).toEqual(['business']);
    expect(plansWithFeature('experiments_enabled')).toEqual(['pro', 'business']);
    expect(plansWithFeature('targeting_rules_enabled')).toEqual(['pro', 'business']);
    expect(hasFeature('free', 'experiments_enabled')).toBe(false);
  });

  it('allows one more item only while current is below the cap; unlimited never blocks', () => {
    expect(hasRoomFor('pro', 'bio_pages', 9)).toBe(true);
    expect(hasRoomFor('pro', 'bio_pages', 10)).toBe(false);
    expect(hasRoomFor('free', 'custom_domains', 0)).toBe(false);
    expect(hasRoomFor('business', 'links', 1_000_000)).toBe(true);
    expect(limitFor('business', 'workspaces')).toBe(10);
  });

  it('gets more generous (or equal) with every tier', () => {
    for (const field of QUOTA_FIELDS) {
      const [free, pro, business] = PLAN_KEYS.map((p) => limitFor(p, field) ?? Number.POSITIVE_INFINITY);
      expect(free).toBeLessThanOrEqual(pro ?? 0);
      expect(pro).toBeLessThanOrEqual(business ?? 0);
    }
  });
});

import { describe, expect, it } from 'vitest';
import type { RuleCondition, TargetingRule } from '../cache/payload';
import { visitFixture } from './fixtures';
import { conditionMatches, matchRule } from './targeting';

const match = (c: RuleCondition, visit = visitFixture(), tz = 'UTC') => conditionMatches(c, visit, tz);

describe('targeting conditions', () => {
  it('country', () => {
    const c: RuleCondition = { kind: 'country', values: ['US', 'ca'] };
    expect(match(c, visitFixture({ country: 'US' }))).toBe(true);
    expect(match(c, visitFixture({ country: 'CA' }))).toBe(true);
    expect(match(c, visitFixture({ country: 'DE' }))).toBe(false);
    expect(match(c, visitFixture({ country: null }))).toBe(false);
  });
  it('region as CC-SUB', () => {
    const c: RuleCondition = { kind: 'region', values: ['US-CA'] };
    expect(match(c, visitFixture({ country: 'US', region: 'CA' }))).toBe(true);
    expect(match(c, visitFixture({ country: 'US', region: 'NY' }))).toBe(false);
    expect(match(c, visitFixture({ country: 'CA', region: 'CA' }))).toBe(false);
    expect(match(c, visitFixture({ country: 'US', region: null }))).toBe(false);
  });
  it('device type', () => {
    const c: RuleCondition = { kind: 'device', values: ['mobile', 'tablet'] };
    expect(match(c, visitFixture({ deviceType: 'mobile' }))).toBe(true);
    expect(match(c, visitFixture({ deviceType: 'tablet' }))).toBe(true);
    expect(match(c, visitFixture({ deviceType: 'desktop' }))).toBe(false);
  });
  it('OS, case-insensitive', () => {
    const c: RuleCondition = { kind: 'os', values: ['ios'] };
    expect(match(c, visitFixture({ osFamily: 'iOS' }))).toBe(true);
    expect(match(c, visitFixture({ osFamily: 'Android' }))).toBe(false);
    expect(match(c, visitFixture({ osFamily: null }))).toBe(false);
  });
  it('browser language: the preferred one, by prefix', () => {
    const c: RuleCondition = { kind: 'language', values: ['fr'] };
    expect(match(c, visitFixture({ languages: ['fr-ca', 'en'] }))).toBe(true);
    expect(match(c, visitFixture({ languages: ['fr'] }))).toBe(true);
    expect(match(c, visitFixture({ languages: ['en', 'fr'] }))).toBe(false);
    expect(match(c, visitFixture({ languages: ['fra'] }))).toBe(false);
    expect(match(c, visitFixture({ languages: [] }))).toBe(false);
    expect(match({ kind: 'language', values: ['pt-BR'] }, visitFixture({ languages: ['pt'] }))).toBe(false);
  });
  it('referrer host and its subdomains', () => {
    const c: RuleCondition = { kind: 'referrer', values: ['twitter.com'] };
    expect(match(c, visitFixture({ referrerHost: 'twitter.com' }))).toBe(true);
    expect(match(c, visitFixture({ referrerHost: 'mobile.twitter.com' }))).toBe(true);
    expect(match(c, visitFixture({ referrerHost: 'www.twitter.com' }))).toBe(true);
    expect(match(c, visitFixture({ referrerHost: 'nottwitter.com' }))).toBe(false);
    expect(match(c, visitFixture({ referrerHost: null }))).toBe(false);
  });
  it('time window in the workspace time zone', () => {
    const c: RuleCondition = { kind: 'time_window', from: '09:00', to: '17:00' };
    // 12:00Z is 08:00 in New York (EDT, UTC-4) and 14:00 in Berlin (CEST, UTC+2).
    expect(match(c, visitFixture(), 'America/New_York')).toBe(false);
    expect(match(c, visitFixture(), 'Europe/Berlin')).toBe(true);
    expect(match(c, visitFixture({ now: new Date('2026-06-01T13:00:00Z') }), 'America/New_York')).toBe(true);
    expect(match(c, visitFixture({ now: new Date('2026-06-01T21:00:00Z') }), 'America/New_York')).toBe(false);
  });
  it('time window spanning midnight, with days counted from the evening it started', () => {
    // 2026-06-01 is a Monday.
    const c: RuleCondition = { kind: 'time_window', from: '22:00', to: '02:00', days: [1] };
    expect(match(c, visitFixture({ now: new Date('2026-06-01T23:00:00Z') }))).toBe(true);
    expect(match(c, visitFixture({ now: new Date('2026-06-02T01:00:00Z') }))).toBe(true);
    expect(match(c, visitFixture({ now: new Date('2026-06-02T23:00:00Z') }))).toBe(false);
    expect(match(c, visitFixture({ now: new Date('2026-06-01T01:00:00Z') }))).toBe(false);
    expect(match(c, visitFixture({ now: new Date('2026-06-01T12:00:00Z') }))).toBe(false);
  });
  it('an unknown time zone falls back to UTC', () => {
    const c: RuleCondition = { kind: 'time_window', from: '11:00', to: '13:00' };
    expect(match(c, visitFixture(), 'Not/AZone')).toBe(true);
  });
});

describe('matchRule', () => {
  const rules: TargetingRule[] = [
    {
      id: 'r1',
      conditions: [
        { kind: 'country', values: ['US'] },
        { kind: 'device', values: ['mobile'] },
      ],
      destination_url: 'https://us-mobile.example',
    },
    { id: 'r2', conditions: [{ kind: 'country', values: ['US'] }], destination_url: 'https://us.example' },
  ];
  it('needs every condition of a rule and takes the first matching rule', () => {
    expect(matchRule(rules, visitFixture({ country: 'US', deviceType: 'mobile' }), 'UTC')?.id).toBe('r1');
    expect(matchRule(rules, visitFixture({ country: 'US', deviceType: 'desktop' }), 'UTC')?.id).toBe('r2');
    expect(matchRule(rules, visitFixture({ country: 'FR' }), 'UTC')).toBeNull();
  });
});

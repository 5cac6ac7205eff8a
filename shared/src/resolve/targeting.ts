import type { RuleCondition, TargetingRule } from '../cache/payload';
import { languageMatches } from './language';
import { localTime, minutesOf } from './local-time';
import type { Visit } from './visit';

/** Does one condition hold for this visit? Unknown visit facts (no country, no referrer…) never match. */
export function conditionMatches(condition: RuleCondition, visit: Visit, timeZone: string): boolean {
  switch (condition.kind) {
    case 'country':
      return visit.country !== null && condition.values.some((v) => v.toUpperCase() === visit.country);
    case 'region': {
      if (visit.country === null || visit.region === null) return false;
      const code = `${visit.country}-${visit.region}`;
      return condition.values.some((v) => v.toUpperCase() === code);
    }
    case 'device':
      return condition.values.includes(visit.deviceType);
    case 'os': {
      const os = visit.osFamily?.toLowerCase();
      return os !== undefined && condition.values.some((v) => v.toLowerCase() === os);
    }
    case 'language': {
      const preferred = visit.languages[0];
      return preferred !== undefined && condition.values.some((range) => languageMatches(range, preferred));
    }
    case 'referrer': {
      const host = visit.referrerHost?.toLowerCase();
      if (host === undefined) return false;
      return condition.values.some((v) => {
        const want = v.toLowerCase().replace(/^www\./, '');
        const have = host.replace(/^www\./, '');
        return have === want || have.endsWith(`.${want}`);
      });
    }
    case 'time_window': {
      const { isoWeekday, minuteOfDay } = localTime(visit.now, timeZone);
      const from = minutesOf(condition.from);
      const to = minutesOf(condition.to);
      const inWindow =
        from <= to ? minuteOfDay >= from && minuteOfDay < to : minuteOfDay >= from || minuteOfDay < to;
      if (!inWindow) return false;
      if (condition.days === undefined) return true;
      // A window spanning midnight belongs to the day it started on.
      const startedYesterday = from > to && minuteOfDay < to;
      const day = startedYesterday ? ((isoWeekday + 5) % 7) + 1 : isoWeekday;
      return condition.days.includes(day);
    }
  }
}

/** The first rule whose every condition matches, or null. */
export function matchRule(
  rules: readonly TargetingRule[],
  visit: Visit,
  timeZone: string,
): TargetingRule | null {
  for (const rule of rules) {
    if (rule.conditions.every((condition) => conditionMatches(condition, visit, timeZone))) return rule;
  }
  return null;
}

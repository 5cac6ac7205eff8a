import { ruleConditionSchema, type RuleCondition, type RuleKind } from '@linkhub/shared/cache/payload';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { displayUrl } from '@linkhub/shared/url/display-url';

/**
 * Form drafts of a link's targeting rules and split destinations, and back. Every rule and split entry
 * carries a UUID made here when it has none (the redirect payload needs one to route a rule, and the
 * ingest records a split's variant id only when it is a UUID). The kinds are every condition the edge
 * evaluates (`shared/src/resolve/targeting.ts`).
 */
export const RULE_KINDS = [
  'country',
  'region',
  'device',
  'os',
  'language',
  'referrer',
  'time_window',
] as const satisfies readonly RuleKind[];
export type RuleKindDraft = (typeof RULE_KINDS)[number];
export const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * One rule as the form edits it: its first condition (`values` for the list kinds, `from`/`to`/`days`
 * for a time window). Conditions past the first, which the form does not show, are kept as they were.
 */
export type RuleDraft = {
  id: string;
  kind: RuleKindDraft;
  values: string;
  from: string;
  to: string;
  days: number[];
  url: string;
  more: RuleCondition[];
};
export type SplitDraft = { id: string; url: string; weight: string };
export type RuleOut = { id: string; conditions: RuleCondition[]; destination_url: string };
export type SplitOut = { id: string; url: string; weight: number };

type Json = unknown;
const rec = (v: Json): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
/** An id still to be made: drafts stay equal to the item they came from; the UUID is made when saved. */
const NO_ID = '';
const idOr = (id: string): string => (id === NO_ID ? crypto.randomUUID() : id);
const keptRuleId = (v: unknown): string => (typeof v === 'string' && v.trim() !== '' ? v : NO_ID);
/** A split entry keeps its id only when it is a UUID: the ingest dead-letters every click of any other. */
const keptSplitId = (v: unknown): string => (uuidSchema.safeParse(v).success ? String(v) : NO_ID);

export function emptyRule(): RuleDraft {
  return { id: NO_ID, kind: 'country', values: '', from: '09:00', to: '17:00', days: [], url: '', more: [] };
}

export function emptySplit(weight = ''): SplitDraft {
  return { id: NO_ID, url: '', weight };
}

export function rulesToDrafts(rules: readonly Json[]): RuleDraft[] {
  return rules.flatMap((r) => {
    const rule = rec(r);
    const conditions = (Array.isArray(rule.conditions) ? rule.conditions : []).flatMap((c) => {
      const parsed = ruleConditionSchema.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    });
    const [first, ...more] = conditions;
    if (!first) return [];
    const base = {
      ...emptyRule(),
      id: keptRuleId(rule.id),
      kind: first.kind,
      url: displayUrl(String(rule.destination_url ?? '')),
      more,
    };
    if (first.kind === 'time_window')
      return [{ ...base, from: first.from, to: first.to, days: first.days ?? [] }];
    return [{ ...base, values: first.values.join(', ') }];
  });
}

function conditionOf(d: RuleDraft): Json {
  if (d.kind === 'time_window')
    return {
      kind: d.kind,
      from: d.from,
      to: d.to,
      ...(d.days.length > 0 ? { days: [...d.days].sort((a, b) => a - b) } : {}),
    };
  const values = d.values
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const upper = d.kind === 'country' || d.kind === 'region';
  return {
    kind: d.kind,
    values: upper
      ? values.map((v) => v.toUpperCase())
      : d.kind === 'device'
        ? values.map((v) => v.toLowerCase())
        : values,
  };
}

/** Drafts → rules for `updateLink`; what the schema refuses (an empty value list…) is left for it to name. */
export function draftsToRules(drafts: readonly RuleDraft[]): RuleOut[] {
  return drafts.map((d) => ({
    id: idOr(d.id),
    conditions: [conditionOf(d) as RuleCondition, ...d.more],
    destination_url: d.url,
  }));
}

export function splitToDrafts(destinations: readonly Json[]): SplitDraft[] {
  return destinations.map((d) => ({
    id: keptSplitId(rec(d).id),
    url: displayUrl(String(rec(d).url ?? '')),
    weight: String(rec(d).weight ?? ''),
  }));
}

export function draftsToSplit(drafts: readonly SplitDraft[]): SplitOut[] {
  return drafts.map((d) => ({ id: idOr(d.id), url: d.url, weight: Number.parseInt(d.weight, 10) || 0 }));
}

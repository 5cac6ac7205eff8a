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
/**
 * One row of a link's split. The split is one list that includes the main destination (D-515): the
 * row marked `main` is the link's own destination, whose share is what the other rows leave of 100 %.
 */
export type SplitDraft = { id: string; url: string; weight: string; main?: true };
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

const weightOf = (d: SplitDraft): number => Number.parseInt(d.weight, 10) || 0;

/** The main destination's share: 100 % less the other rows' weights (negative when they take more). */
export function mainShare(drafts: readonly SplitDraft[]): number {
  return 100 - drafts.filter((d) => d.main !== true).reduce((sum, d) => sum + weightOf(d), 0);
}

/** The rows with the main one's weight brought in line with the others (the sum is 100 % by construction). */
export function withMainShare(drafts: readonly SplitDraft[]): SplitDraft[] {
  const share = String(Math.max(0, mainShare(drafts)));
  return drafts.map((d) => (d.main === true ? { ...d, weight: share } : d));
}

/**
 * Stored split → rows, the main destination's entry first and marked. A split stored without the
 * main destination gets a main row of 0 %, so the list the form shows still adds up to 100 %.
 */
export function splitToDrafts(destinations: readonly Json[], mainUrl?: string): SplitDraft[] {
  const rows: SplitDraft[] = destinations.map((d) => ({
    id: keptSplitId(rec(d).id),
    url: displayUrl(String(rec(d).url ?? '')),
    weight: String(rec(d).weight ?? ''),
  }));
  if (mainUrl === undefined || rows.length === 0) return rows;
  const main = displayUrl(mainUrl);
  const at = rows.findIndex((r) => r.url === main);
  const first: SplitDraft =
    at >= 0 ? { ...(rows[at] ?? emptySplit()), main: true } : { ...emptySplit('0'), url: main, main: true };
  return [first, ...rows.filter((_, i) => i !== at)];
}

/** Rows → the split `updateLink` stores; the main row takes the link's destination and the remaining share. */
export function draftsToSplit(drafts: readonly SplitDraft[], mainUrl?: string): SplitOut[] {
  const share = mainShare(drafts);
  return drafts.map((d) =>
    d.main === true
      ? { id: idOr(d.id), url: (mainUrl ?? d.url).trim(), weight: Math.max(0, share) }
      : { id: idOr(d.id), url: d.url, weight: weightOf(d) },
  );
}

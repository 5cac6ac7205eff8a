/** Form drafts of a link's targeting rules (one condition each) and split destinations, and back. */
export const RULE_KINDS = ['country', 'region', 'device', 'os', 'language', 'referrer'] as const;
export type RuleKindDraft = (typeof RULE_KINDS)[number];
export type RuleDraft = { kind: RuleKindDraft; values: string; url: string };
export type SplitDraft = { url: string; weight: string };

type Json = unknown;
const rec = (v: Json): Record<string, unknown> => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

export function rulesToDrafts(rules: readonly Json[]): RuleDraft[] {
  return rules.flatMap((r) => {
    const rule = rec(r);
    const first = rec(Array.isArray(rule.conditions) ? rule.conditions[0] : undefined);
    const kind = RULE_KINDS.find((k) => k === first.kind);
    if (!kind) return [];
    const values = Array.isArray(first.values) ? first.values.map(String).join(', ') : '';
    return [{ kind, values, url: String(rule.destination_url ?? '') }];
  });
}

export function draftsToRules(drafts: readonly RuleDraft[]): Array<{ conditions: Array<{ kind: RuleKindDraft; values: string[] }>; destination_url: string }> {
  return drafts.map((d) => {
    const values = d.values.split(',').map((v) => v.trim()).filter(Boolean);
    return { conditions: [{ kind: d.kind, values: d.kind === 'country' ? values.map((v) => v.toUpperCase()) : values }], destination_url: d.url };
  });
}

export function splitToDrafts(destinations: readonly Json[]): SplitDraft[] {
  return destinations.map((d) => ({ url: String(rec(d).url ?? ''), weight: String(rec(d).weight ?? '') }));
}

export function draftsToSplit(drafts: readonly SplitDraft[]): Array<{ url: string; weight: number }> {
  return drafts.map((d) => ({ url: d.url, weight: Number.parseInt(d.weight, 10) || 0 }));
}

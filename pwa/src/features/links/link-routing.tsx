import { Field } from '../../app/field';
import { RULE_KINDS, type RuleDraft, type SplitDraft } from './routing-drafts';

const HINTS: Record<(typeof RULE_KINDS)[number], string> = {
  country: 'Country codes, e.g. DE, AT',
  region: 'Regions, e.g. US-CA',
  device: 'mobile, tablet, desktop',
  os: 'iOS, Android, Windows…',
  language: 'Languages, e.g. fr, de-CH',
  referrer: 'Referrer hosts, e.g. t.co',
};

type Props = {
  rules: RuleDraft[];
  split: SplitDraft[];
  onRules: (rules: RuleDraft[]) => void;
  onSplit: (split: SplitDraft[]) => void;
  canTarget: boolean;
  canSplit: boolean;
  targetingOnPlan: boolean;
  errors: Record<string, string>;
};

/** Targeting rules (first match wins) and a weighted split of the destination. */
export function LinkRouting({ rules, split, onRules, onSplit, canTarget, canSplit, targetingOnPlan, errors }: Props) {
  const total = split.reduce((sum, d) => sum + (Number.parseInt(d.weight, 10) || 0), 0);
  const setRule = (i: number, patch: Partial<RuleDraft>) => onRules(rules.map((r, j) => (i === j ? { ...r, ...patch } : r)));
  const setSplit = (i: number, patch: Partial<SplitDraft>) => onSplit(split.map((d, j) => (i === j ? { ...d, ...patch } : d)));
  return (
    <>
      <fieldset>
        <legend>Targeting rules</legend>
        {!targetingOnPlan && <p className="muted">Targeting rules come with the Pro plan.</p>}
        {rules.map((r, i) => (
          <div className="row" key={i}>
            <div className="field">
              <label htmlFor={`rule-kind-${i}`}>Rule {i + 1}: when</label>
              <select id={`rule-kind-${i}`} value={r.kind} disabled={!canTarget} onChange={(e) => setRule(i, { kind: RULE_KINDS.find((k) => k === e.target.value) ?? 'country' })}>
                {RULE_KINDS.map((k) => (
                  <option key={k}>{k}</option>
                ))}
              </select>
            </div>
            <Field label={`Rule ${i + 1}: is one of`} value={r.values} onChange={(v) => setRule(i, { values: v })} hint={HINTS[r.kind]} readOnly={!canTarget} />
            <Field label={`Rule ${i + 1}: send to`} type="url" value={r.url} onChange={(v) => setRule(i, { url: v })} readOnly={!canTarget} />
            {canTarget && (
              <button type="button" onClick={() => onRules(rules.filter((_, j) => j !== i))}>
                Remove rule {i + 1}
              </button>
            )}
          </div>
        ))}
        {errors.rules && <p className="error">{errors.rules}</p>}
        {canTarget && (
          <button type="button" onClick={() => onRules([...rules, { kind: 'country', values: '', url: '' }])}>
            Add rule
          </button>
        )}
      </fieldset>
      <fieldset>
        <legend>Split destinations (A/B)</legend>
        {split.map((d, i) => (
          <div className="row" key={i}>
            <Field label={`Destination ${i + 1}`} type="url" value={d.url} onChange={(v) => setSplit(i, { url: v })} readOnly={!canSplit} />
            <Field label={`Weight ${i + 1} (%)`} value={d.weight} onChange={(v) => setSplit(i, { weight: v })} inputMode="numeric" readOnly={!canSplit} />
            {canSplit && (
              <button type="button" onClick={() => onSplit(split.filter((_, j) => j !== i))}>
                Remove destination {i + 1}
              </button>
            )}
          </div>
        ))}
        {split.length > 0 && <p className={total === 100 ? 'muted' : 'error'}>Weights add up to {total}% (must be 100%).</p>}
        {errors.destinations && <p className="error">{errors.destinations}</p>}
        {canSplit && (
          <button type="button" onClick={() => onSplit([...split, { url: '', weight: split.length === 0 ? '50' : '' }])}>
            Add destination
          </button>
        )}
      </fieldset>
    </>
  );
}

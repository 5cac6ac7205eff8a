import { Field } from '../../ui/field';
import type { RunningTest } from '../experiments/running-test';
import { SplitRows } from './split-rows';
import { emptyRule, ISO_WEEKDAYS, RULE_KINDS, type RuleDraft, type SplitDraft } from './routing-drafts';

const KIND_LABELS: Record<(typeof RULE_KINDS)[number], string> = {
  country: 'country',
  region: 'region',
  device: 'device',
  os: 'operating system',
  language: 'language',
  referrer: 'referrer',
  time_window: 'time of day',
};
const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

const HINTS: Record<Exclude<(typeof RULE_KINDS)[number], 'time_window'>, string> = {
  country: 'Country codes, e.g. DE, AT',
  region: 'Regions, e.g. US-CA',
  device: 'mobile, tablet, desktop',
  os: 'iOS, Android, Windows…',
  language: 'Languages, e.g. fr, de-CH',
  referrer: 'Referrer hosts, e.g. t.co',
};

/** The inputs of one rule's condition: a value list, or a daily window with optional weekdays. */
function ConditionFields({
  index,
  rule,
  timeZone,
  readOnly,
  errors,
  onChange,
}: {
  index: number;
  rule: RuleDraft;
  timeZone: string;
  readOnly: boolean;
  errors: Record<string, string>;
  onChange: (patch: Partial<RuleDraft>) => void;
}) {
  const n = index + 1;
  const error = (key: string) => errors[`rules.${index}.conditions.0.${key}`];
  if (rule.kind !== 'time_window') {
    return (
      <Field
        label={`Rule ${n}: is one of`}
        value={rule.values}
        onChange={(v) => onChange({ values: v })}
        hint={HINTS[rule.kind]}
        error={error('values')}
        readOnly={readOnly}
      />
    );
  }
  const toggleDay = (day: number, on: boolean) =>
    onChange({
      days: on ? [...rule.days.filter((d) => d !== day), day] : rule.days.filter((d) => d !== day),
    });
  return (
    <>
      <Field
        label={`Rule ${n}: from`}
        type="time"
        value={rule.from}
        onChange={(v) => onChange({ from: v })}
        hint={`Time zone ${timeZone} (the workspace's)`}
        error={error('from')}
        readOnly={readOnly}
      />
      <Field
        label={`Rule ${n}: until`}
        type="time"
        value={rule.to}
        onChange={(v) => onChange({ to: v })}
        hint="Before “from” spans midnight"
        error={error('to')}
        readOnly={readOnly}
      />
      <fieldset className="row">
        <legend>Rule {n}: on (none ticked = every day)</legend>
        {ISO_WEEKDAYS.map((day) => (
          <label key={day}>
            <input
              type="checkbox"
              checked={rule.days.includes(day)}
              disabled={readOnly}
              onChange={(e) => toggleDay(day, e.target.checked)}
            />{' '}
            {WEEKDAY_NAMES[day - 1]}
          </label>
        ))}
      </fieldset>
    </>
  );
}

type Props = {
  rules: RuleDraft[];
  split: SplitDraft[];
  /** The link's destination as typed above: the split's main row. */
  mainUrl: string;
  /** The A/B test running (or paused) on this link: it decides, so the split is off (D-515). */
  runningTest: RunningTest | null;
  onRules: (rules: RuleDraft[]) => void;
  onSplit: (split: SplitDraft[]) => void;
  canTarget: boolean;
  canSplit: boolean;
  targetingOnPlan: boolean;
  timeZone: string;
  errors: Record<string, string>;
};

/** Targeting rules (first match wins) and a weighted split of the destination (its own component). */
export function LinkRouting({
  rules,
  split,
  mainUrl,
  runningTest,
  onRules,
  onSplit,
  canTarget,
  canSplit,
  targetingOnPlan,
  timeZone,
  errors,
}: Props) {
  const setRule = (i: number, patch: Partial<RuleDraft>) =>
    onRules(rules.map((r, j) => (i === j ? { ...r, ...patch } : r)));
  return (
    <>
      <fieldset>
        <legend>Targeting rules</legend>
        {!targetingOnPlan && <p className="muted">Targeting rules come with the Pro plan.</p>}
        {rules.map((r, i) => (
          <div className="row" key={i}>
            <div className="field">
              <label htmlFor={`rule-kind-${i}`}>Rule {i + 1}: when</label>
              <select
                id={`rule-kind-${i}`}
                value={r.kind}
                disabled={!canTarget}
                onChange={(e) =>
                  setRule(i, { kind: RULE_KINDS.find((k) => k === e.target.value) ?? 'country' })
                }
              >
                {RULE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <ConditionFields
              index={i}
              rule={r}
              timeZone={timeZone}
              readOnly={!canTarget}
              errors={errors}
              onChange={(patch) => setRule(i, patch)}
            />
            {r.more.length > 0 && (
              <span className="muted">
                and {r.more.length} more condition{r.more.length > 1 ? 's' : ''} (kept)
              </span>
            )}
            <Field
              label={`Rule ${i + 1}: send to`}
              type="url"
              value={r.url}
              onChange={(v) => setRule(i, { url: v })}
              error={errors[`rules.${i}.destination_url`]}
              readOnly={!canTarget}
            />
            {canTarget && (
              <button type="button" onClick={() => onRules(rules.filter((_, j) => j !== i))}>
                Remove rule {i + 1}
              </button>
            )}
          </div>
        ))}
        {errors.rules && <p className="error">{errors.rules}</p>}
        {canTarget && (
          <button type="button" onClick={() => onRules([...rules, emptyRule()])}>
            Add rule
          </button>
        )}
      </fieldset>
      <SplitRows
        split={split}
        mainUrl={mainUrl}
        onSplit={onSplit}
        canSplit={canSplit && runningTest === null}
        runningTest={runningTest}
        errors={errors}
      />
    </>
  );
}

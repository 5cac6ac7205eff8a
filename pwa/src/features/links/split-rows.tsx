import { Field } from '../../ui/field';
import { displayUrl } from '@linkhub/shared/url/display-url';
import { TestLink, type RunningTest } from '../experiments/running-test';
import { emptySplit, mainShare, withMainShare, type SplitDraft } from './routing-drafts';

type Props = {
  split: SplitDraft[];
  mainUrl: string;
  onSplit: (split: SplitDraft[]) => void;
  canSplit: boolean;
  runningTest: RunningTest | null;
  errors: Record<string, string>;
};

/** "Weights: 60% + 40% = 100%": every row's share, the main destination's first. */
export function weightsSentence(split: readonly SplitDraft[]): string {
  const share = mainShare(split);
  const parts = split.map((d) => (d.main === true ? share : Number.parseInt(d.weight, 10) || 0));
  return `Weights: ${parts.map((p) => `${p}%`).join(' + ')} = ${parts.reduce((a, b) => a + b, 0)}%`;
}

/**
 * A link's weighted split as one list that includes the main destination (D-515): its row shows the
 * share the other rows leave, so the weights add up to 100 % by construction. While an A/B test runs
 * on the link, the test decides: the split is off and cannot be edited here.
 */
export function SplitRows({ split, mainUrl, onSplit, canSplit, runningTest, errors }: Props) {
  const share = mainShare(split);
  const change = (next: SplitDraft[]) =>
    onSplit(next.some((d) => d.main !== true) ? withMainShare(next) : []);
  const setRow = (i: number, patch: Partial<SplitDraft>) =>
    change(split.map((d, j) => (i === j ? { ...d, ...patch } : d)));
  const add = () =>
    change(
      split.length === 0
        ? [{ ...emptySplit('50'), url: mainUrl, main: true }, emptySplit('50')]
        : [...split, emptySplit('0')],
    );
  return (
    <fieldset aria-label="Split traffic">
      <legend>Split traffic between destinations</legend>
      {runningTest !== null && (
        <p className="muted" data-testid="split-off">
          The A/B test “{runningTest.name}” decides where visitors go while it runs: the split is off until it
          ends. <TestLink test={runningTest}>Open the test</TestLink>
        </p>
      )}
      {split.length === 0 && runningTest === null && (
        <p className="muted">Every visitor goes to the destination above.</p>
      )}
      {split.map((d, i) =>
        d.main === true ? (
          <div className="row" key={i} data-testid="split-main">
            <span>
              Main destination <span className="url">{displayUrl(mainUrl) || '(the destination above)'}</span>
            </span>
            <Field
              label="Main destination share (%)"
              value={String(Math.max(0, share))}
              onChange={() => undefined}
              readOnly
            />
          </div>
        ) : (
          <div className="row" key={i}>
            <Field
              label={`Destination ${i + 1}`}
              type="url"
              value={d.url}
              onChange={(v) => setRow(i, { url: v })}
              error={errors[`destinations.${i}.url`]}
              readOnly={!canSplit}
            />
            <Field
              label={`Weight ${i + 1} (%)`}
              value={d.weight}
              onChange={(v) => setRow(i, { weight: v })}
              inputMode="numeric"
              readOnly={!canSplit}
            />
            {canSplit && (
              <button type="button" onClick={() => change(split.filter((_, j) => j !== i))}>
                Remove destination {i + 1}
              </button>
            )}
          </div>
        ),
      )}
      {split.length > 0 &&
        (share < 0 ? (
          <p className="error" role="alert">
            The other destinations take {100 - share}%: lower them so the main destination keeps 0% or more.
          </p>
        ) : (
          <p className="muted" data-testid="split-sum">
            {weightsSentence(split)}
          </p>
        ))}
      {errors.destinations && <p className="error">{errors.destinations}</p>}
      {canSplit && (
        <button type="button" onClick={add}>
          {split.length === 0 ? 'Split traffic' : 'Add destination'}
        </button>
      )}
    </fieldset>
  );
}

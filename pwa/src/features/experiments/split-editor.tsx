import { useState } from 'react';
import type { ExperimentView } from '@linkhub/shared/experiments/schemas';

/**
 * The share of visitors each arm gets, for a two-variant test. On a started test the change begins a
 * new period (D-273): the screen says so before it is made, and the results start again from zero.
 */
export function SplitEditor({
  experiment,
  busy,
  onChange,
}: {
  experiment: ExperimentView;
  busy: boolean;
  onChange: (weights: Record<string, number>) => void;
}) {
  const [control, challenger] = experiment.variants;
  const [share, setShare] = useState(Math.round((challenger?.weight ?? 5000) / 100));
  if (!control || !challenger || experiment.variants.length !== 2) return null;
  const started = experiment.status !== 'draft';
  const changed = share * 100 !== challenger.weight;
  return (
    <div className="field">
      <label htmlFor="exp-split">
        Share of visitors who see {challenger.name}: {share} %
      </label>
      <input
        id="exp-split"
        type="range"
        min={5}
        max={95}
        step={5}
        value={share}
        onChange={(e) => setShare(Number(e.target.value))}
      />
      {changed && (
        <div className="row">
          {started && (
            <small>
              Changing the split starts a new period: the results so far are kept apart, not mixed in.
            </small>
          )}
          <button
            type="button"
            disabled={busy}
            onClick={() => onChange({ [control.key]: 10_000 - share * 100, [challenger.key]: share * 100 })}
          >
            Change split
          </button>
        </div>
      )}
    </div>
  );
}

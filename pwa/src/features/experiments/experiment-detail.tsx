import { useCallback, useEffect, useState } from 'react';
import type { ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import type { ExperimentResultsView, ExperimentView } from '@linkhub/shared/experiments/schemas';
import { ApiError } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { displayUrl } from '../links/destination-display';
import { useWorkspace } from '../../workspace/workspace-context';
import { changeWeights, fetchExperiment, fetchResults, takeStep } from './experiments-api';
import { SplitEditor } from './split-editor';
import { IntervalBar } from './interval-bar';
import { count, rate, weightShare } from './number-format';

const STEP_LABELS: Partial<Record<ExperimentStep, string>> = {
  start: 'Start',
  pause: 'Pause',
  conclude: 'End test',
  archive: 'Archive',
};
const STATUS_LABELS: Record<ExperimentView['status'], string> = {
  draft: 'Draft',
  running: 'Running',
  paused: 'Paused',
  concluded: 'Ended',
  promoted: 'Winner kept',
  archived: 'Archived',
};
const REFRESH_MS = 10_000;

/**
 * One experiment: its state and the steps open to it, the live results (refreshed every 10 s) with
 * each variant's interval drawn, the verdict in words, and "Keep B" — promote in one click.
 */
export function ExperimentDetail({ id }: { id: string }) {
  const { workspace, can } = useWorkspace();
  const [experiment, setExperiment] = useState<ExperimentView | null>(null);
  const [results, setResults] = useState<ExperimentResultsView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  /** Start refused because the link splits its traffic: the choice to replace the split (D-515). */
  const [splitRefused, setSplitRefused] = useState(false);

  const load = useCallback(async () => {
    try {
      const [e, r] = await Promise.all([fetchExperiment(workspace.id, id), fetchResults(workspace.id, id)]);
      setExperiment(e);
      setResults(r);
      setProblem(null);
    } catch (err) {
      setProblem(errorText(err));
    }
  }, [workspace.id, id]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const act = async (step: Exclude<ExperimentStep, 'update'>, winner?: string, replaceSplit = false) => {
    setBusy(true);
    try {
      setExperiment(await takeStep(workspace.id, id, step, winner, replaceSplit));
      setResults(await fetchResults(workspace.id, id));
      setProblem(null);
      setSplitRefused(false);
    } catch (err) {
      const split = err instanceof ApiError && err.code === 'split_active';
      setSplitRefused(split);
      const named = split ? err.details.find((d) => d.split !== undefined)?.split : undefined;
      setProblem(
        typeof named === 'string'
          ? `This link splits its traffic (${named}). Starting the test replaces the split; the split is kept in the link’s history.`
          : errorText(err),
      );
    } finally {
      setBusy(false);
    }
  };

  const resplit = async (weights: Record<string, number>) => {
    if (experiment === null) return;
    setBusy(true);
    try {
      setExperiment(await changeWeights(workspace.id, experiment, weights));
      setResults(await fetchResults(workspace.id, id));
      setProblem(null);
    } catch (err) {
      setProblem(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  if (experiment === null) return <p className="muted">{problem ?? 'Loading the experiment…'}</p>;
  const analysis = results?.analysis ?? null;
  const max = Math.max(0.01, ...(analysis?.variants.map((v) => v.interval?.high ?? v.rate ?? 0) ?? [0]));
  const canPromote =
    can('experiment.promote') && ['running', 'paused', 'concluded'].includes(experiment.status);
  const steps = experiment.next_steps.filter(
    (s): s is Exclude<ExperimentStep, 'update' | 'promote'> => s !== 'update' && s !== 'promote',
  );

  return (
    <section className="panel" aria-label={`Experiment ${experiment.name}`}>
      <h2>{experiment.name}</h2>
      <p>
        <span className="badge" data-testid="experiment-status">
          {STATUS_LABELS[experiment.status]}
        </span>{' '}
        {experiment.arm_period > 1 && (
          <span className="muted">Period {experiment.arm_period} (variants changed)</span>
        )}
      </p>
      {analysis ? (
        <p className={`verdict ${analysis.verdict.kind}`} data-testid="verdict" aria-live="polite">
          {analysis.verdict.text}
        </p>
      ) : (
        <p className="verdict" data-testid="verdict">
          Waiting for visitors: no results yet.
        </p>
      )}
      {analysis?.srm.flagged && (
        <p className="banner" role="alert">
          Visitors are not being split as planned. Check the link’s other rules and caches before trusting any
          result.
        </p>
      )}
      <table className="experiment-results" aria-label="Results per variant">
        <thead>
          <tr>
            <th scope="col">Variant</th>
            <th scope="col">Visitors</th>
            <th scope="col" className="wide">
              Conversions
            </th>
            <th scope="col">Rate and interval</th>
          </tr>
        </thead>
        <tbody>
          {experiment.variants.map((v) => {
            const r = analysis?.variants.find((x) => x.variant_id === v.id);
            return (
              <tr key={v.id} data-variant={v.key}>
                <th scope="row">
                  {v.name}
                  {v.is_control && <span className="muted"> (control)</span>}
                  {v.destination_url !== null && (
                    <>
                      <br />
                      <span className="destination">→ {displayUrl(v.destination_url)}</span>
                    </>
                  )}
                  <br />
                  <span className="muted">{weightShare(v.weight)}</span>
                </th>
                <td>{count(r?.visitors ?? 0)}</td>
                <td className="wide">{count(r?.conversions ?? 0)}</td>
                <td>
                  <strong>{rate(r?.rate ?? null)}</strong>
                  {r && <IntervalBar variant={r} max={max} />}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="muted">
        Visitors are counted once per day (visitor-days), bots excluded. The intervals and the confidence stay
        valid however often you look (a sequential test), so you may check every day.
        {analysis?.planned_visitors != null &&
          ` Planned horizon: ${count(analysis.planned_visitors)} visitors (${count(analysis.total_visitors)} so far).`}
      </p>
      {experiment.goal === 'conversions' && (
        <p className="muted">
          Conversions: the link adds <code>lh_click</code> to its destination; your site reports a sale or
          sign-up with <code>POST /v1/conversions {'{"click_id": …}'}</code>.
        </p>
      )}
      {experiment.next_steps.includes('update') && can('experiment.update') && (
        <SplitEditor
          key={`${experiment.arm_period}-${experiment.updated_at}`}
          experiment={experiment}
          busy={busy}
          onChange={(w) => void resplit(w)}
        />
      )}
      {canPromote && experiment.resource_type === 'bio_page' && (
        <p className="muted" data-testid="keep-page-note">
          Keeping a variant makes its block order and link text the page’s own and publishes it. If the page
          has unpublished edits, the winner joins them in the draft for you to publish.
        </p>
      )}
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
      <div className="row">
        {canPromote &&
          experiment.variants.map((v) => (
            <button
              key={v.id}
              type="button"
              className={analysis?.verdict.variant_id === v.id ? 'primary' : undefined}
              disabled={busy}
              onClick={() => void act('promote', v.id)}
            >
              Keep {v.name}
            </button>
          ))}
        {splitRefused && (
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() => void act('start', undefined, true)}
          >
            Replace the split and start
          </button>
        )}
        {steps
          .filter((s) => can(`experiment.${s}`))
          .map((s) => (
            <button key={s} type="button" disabled={busy} onClick={() => void act(s)}>
              {s === 'start' && experiment.status === 'paused' ? 'Resume' : STEP_LABELS[s]}
            </button>
          ))}
      </div>
    </section>
  );
}

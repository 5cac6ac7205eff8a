import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api';
import { navigate } from '../../router/router';
import { errorText } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { createExperiment } from './experiments-api';
import { UpgradePrompt } from './upgrade-prompt';

/**
 * Create a two-variant test of a link or a QR code: A is its current destination, B the one typed here.
 * The plan (expected rate, smallest lift worth finding) is asked now because the test's honesty
 * depends on fixing it before any data is seen; it decides the planned horizon.
 */
/** What a test can be created from (issue 21: a link's or a QR code's destination, a bio page's blocks). */
export type TestedResource = {
  readonly type: 'link' | 'qr_code' | 'bio_page';
  readonly id: string;
  readonly name: string;
  readonly destinationUrl: string | null;
  /** Bio pages: the link blocks B can move first or relabel (D-279). */
  readonly linkBlocks?: ReadonlyArray<{ id: string; title: string }>;
  /** Where Cancel goes back to. */
  readonly backPath: string;
};

export function ExperimentCreate({ resource }: { resource: TestedResource }) {
  const { workspace, capability } = useWorkspace();
  const gate = capability('experiment.create');
  const [name, setName] = useState(`${resource.name}: A/B test`);
  const [challengerUrl, setChallengerUrl] = useState('');
  const isPage = resource.type === 'bio_page';
  const [blockId, setBlockId] = useState(resource.linkBlocks?.[0]?.id ?? '');
  const [pageChange, setPageChange] = useState<'first' | 'label'>('first');
  const [label, setLabel] = useState('');
  const [share, setShare] = useState(50);
  const [baseline, setBaseline] = useState(10);
  const [effect, setEffect] = useState(20);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  if (gate.reason === 'plan_feature_unavailable')
    return (
      <UpgradePrompt
        details={[
          {
            field: gate.feature ?? 'experiments_enabled',
            issue: 'feature_unavailable',
            plan: workspace.plan,
          },
        ]}
      />
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const created = await createExperiment(workspace.id, {
        resourceType: resource.type,
        resourceId: resource.id,
        name,
        challenger: !isPage
          ? { url: challengerUrl }
          : pageChange === 'first'
            ? { page: { block_order: [blockId] } }
            : { page: { block: { id: blockId, label } } },
        challengerShare: share,
        baselineRatePercent: baseline,
        minimumEffectPercent: effect,
      });
      navigate(`/links/experiments/${created.id}`);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  if (error instanceof ApiError && error.code === 'plan_feature_unavailable')
    return <UpgradePrompt details={error.details} />;
  return (
    <form className="panel experiment-form" onSubmit={(e) => void submit(e)} aria-label="New A/B test">
      <h2>New A/B test</h2>
      {isPage ? (
        <p className="muted">
          A is the page as published. A visitor converts by clicking through one of its links.
        </p>
      ) : (
        <p className="muted">
          A is where the {resource.type === 'qr_code' ? 'QR code' : 'link'} goes now:{' '}
          <span className="url">{resource.destinationUrl ?? 'its current destination'}</span>
        </p>
      )}
      <div className="field">
        <label htmlFor="exp-name">Name</label>
        <input
          id="exp-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={120}
        />
      </div>
      {isPage ? (
        <PageChallenger
          blocks={resource.linkBlocks ?? []}
          blockId={blockId}
          onBlock={setBlockId}
          change={pageChange}
          onChange={setPageChange}
          label={label}
          onLabel={setLabel}
        />
      ) : (
        <div className="field">
          <label htmlFor="exp-b">B sends visitors to</label>
          <input
            id="exp-b"
            type="url"
            value={challengerUrl}
            onChange={(e) => setChallengerUrl(e.target.value)}
            placeholder="https://example.com/landing-b"
            required
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="exp-share">Share of visitors who see B: {share} %</label>
        <input
          id="exp-share"
          type="range"
          min={5}
          max={95}
          step={5}
          value={share}
          onChange={(e) => setShare(Number(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="exp-baseline">
          {isPage ? 'Click-through rate you expect for A (%)' : 'Conversion rate you expect for A (%)'}
        </label>
        <input
          id="exp-baseline"
          type="number"
          min={0.1}
          max={99}
          step={0.1}
          value={baseline}
          onChange={(e) => setBaseline(Number(e.target.value))}
        />
      </div>
      <div className="field">
        <label htmlFor="exp-effect">Smallest improvement worth finding (%)</label>
        <input
          id="exp-effect"
          type="number"
          min={1}
          max={500}
          step={1}
          value={effect}
          onChange={(e) => setEffect(Number(e.target.value))}
        />
        <small>Fixed once the test starts: results stay honest however often you look.</small>
      </div>
      {error !== null && (
        <p className="error" role="alert">
          {errorText(error)}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          Create test
        </button>
        <button type="button" onClick={() => navigate(resource.backPath)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** B of a bio page test: one link block shown first, or with another label (D-279). */
function PageChallenger(props: {
  blocks: ReadonlyArray<{ id: string; title: string }>;
  blockId: string;
  onBlock: (id: string) => void;
  change: 'first' | 'label';
  onChange: (change: 'first' | 'label') => void;
  label: string;
  onLabel: (label: string) => void;
}) {
  if (props.blocks.length === 0)
    return <p className="muted">Publish the page with at least one link to test it.</p>;
  return (
    <>
      <div className="field">
        <label htmlFor="exp-block">B changes the link</label>
        <select id="exp-block" value={props.blockId} onChange={(e) => props.onBlock(e.target.value)}>
          {props.blocks.map((b) => (
            <option key={b.id} value={b.id}>
              {b.title}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="field">
        <legend>How B changes it</legend>
        <label>
          <input
            type="radio"
            name="exp-change"
            checked={props.change === 'first'}
            onChange={() => props.onChange('first')}
          />{' '}
          Show it first
        </label>
        <label>
          <input
            type="radio"
            name="exp-change"
            checked={props.change === 'label'}
            onChange={() => props.onChange('label')}
          />{' '}
          Give it another label
        </label>
      </fieldset>
      {props.change === 'label' && (
        <div className="field">
          <label htmlFor="exp-label">B’s label</label>
          <input
            id="exp-label"
            value={props.label}
            onChange={(e) => props.onLabel(e.target.value)}
            required
            maxLength={200}
          />
        </div>
      )}
    </>
  );
}

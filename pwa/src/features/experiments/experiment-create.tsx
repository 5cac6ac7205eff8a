import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/api';
import { navigate } from '../../router/router';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { displayUrl } from '../links/destination-display';
import { normalizeUrl } from '@linkhub/shared/url/normalize-url';
import { useWorkspace } from '../../workspace/workspace-context';
import { createExperiment, takeStep } from './experiments-api';
import { SplitChoice, type StoredSplit } from './split-choice';
import { pageChallengerChange } from './page-challenger';
import { UpgradePrompt } from './upgrade-prompt';

/**
 * Create a two-variant test of a link or a QR code (A is its current destination, B the one typed
 * here) or of a bio page (A is the page as published, B moves, relabels and/or re-points one link).
 * The plan (expected rate, smallest lift worth finding) is asked now because the test's honesty
 * depends on fixing it before any data is seen; it decides the planned horizon.
 */
/** What a test can be created from (a link's or a QR code's destination, a bio page's blocks). */
export type TestedResource = {
  readonly type: 'link' | 'qr_code' | 'bio_page';
  readonly id: string;
  readonly name: string;
  readonly destinationUrl: string | null;
  /** Links: the weighted split a test would replace (D-515); absent or empty: none. */
  readonly split?: StoredSplit;
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
  const [pageChoice, setPageChoice] = useState<PageChoice>({
    first: true,
    relabel: false,
    label: '',
    repoint: false,
    url: '',
  });
  const [share, setShare] = useState(50);
  const [baseline, setBaseline] = useState(10);
  const [effect, setEffect] = useState(20);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const split = resource.split ?? [];
  // A split the device did not know of yet (set elsewhere): the server's 409 asks the same question.
  const refusedForSplit = error instanceof ApiError && error.code === 'split_active';
  const replacesSplit = split.length > 0 || refusedForSplit;

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
    const pageChange = isPage
      ? pageChallengerChange({
          blockId,
          first: pageChoice.first,
          label: pageChoice.relabel ? pageChoice.label : null,
          url: pageChoice.repoint ? pageChoice.url : null,
        })
      : null;
    if (isPage && pageChange === null) {
      setError(new Error('Choose at least one change for B.'));
      return;
    }
    setBusy(true);
    try {
      const created = await createExperiment(workspace.id, {
        resourceType: resource.type,
        resourceId: resource.id,
        name,
        challenger: isPage && pageChange !== null ? { page: pageChange } : { url: challengerUrl },
        challengerShare: share,
        baselineRatePercent: baseline,
        minimumEffectPercent: effect,
        replaceSplit: replacesSplit,
      });
      // The split is gone with the create: start at once, so the link never serves A alone meanwhile.
      if (replacesSplit) await takeStep(workspace.id, created.id, 'start');
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
          {split.length > 0
            ? 'A is the link’s main destination:'
            : `A is where the ${resource.type === 'qr_code' ? 'QR code' : 'link'} goes now:`}{' '}
          <span className="url">
            {resource.destinationUrl === null
              ? 'its current destination'
              : displayUrl(resource.destinationUrl)}
          </span>
        </p>
      )}
      {split.length > 0 && <SplitChoice split={split} aUrl={resource.destinationUrl} bUrl={challengerUrl} />}
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
          choice={pageChoice}
          onChoice={setPageChoice}
        />
      ) : (
        <>
          <Field
            label="B sends visitors to"
            type="url"
            value={challengerUrl}
            onChange={setChallengerUrl}
            placeholder="https://example.com/landing-b"
            required
          />
          {sameAsA(challengerUrl, resource.destinationUrl) && (
            <p className="muted" role="note" data-testid="same-as-a">
              B goes where A goes: this runs an A/A test, which checks that visitors are split evenly but
              compares nothing. Enter a different address to compare two pages.
            </p>
          )}
        </>
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
      {error !== null && !(refusedForSplit && split.length > 0) && (
        <p className="error" role="alert">
          {errorText(error)}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {replacesSplit ? 'Replace split and start test' : 'Create test'}
        </button>
        <button type="button" onClick={() => navigate(resource.backPath)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Whether B's typed address is A's own, as stored (both in their normalised form). */
function sameAsA(typed: string, destination: string | null): boolean {
  if (destination === null) return false;
  const b = normalizeUrl(typed);
  return b !== null && (b === destination || b === normalizeUrl(destination));
}

type PageChoice = { first: boolean; relabel: boolean; label: string; repoint: boolean; url: string };

/** B of a bio page test: one link block shown first, with another label, another URL, or any of these together (D-279). */
function PageChallenger(props: {
  blocks: ReadonlyArray<{ id: string; title: string }>;
  blockId: string;
  onBlock: (id: string) => void;
  choice: PageChoice;
  onChoice: (choice: PageChoice) => void;
}) {
  const { choice } = props;
  const set = (patch: Partial<PageChoice>) => props.onChoice({ ...choice, ...patch });
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
      <fieldset className="field page-changes">
        <legend>How B changes it (one or more)</legend>
        <label>
          <input type="checkbox" checked={choice.first} onChange={(e) => set({ first: e.target.checked })} />{' '}
          Show it first
        </label>
        <label>
          <input
            type="checkbox"
            checked={choice.relabel}
            onChange={(e) => set({ relabel: e.target.checked })}
          />{' '}
          Give it another label
        </label>
        {choice.relabel && (
          <div className="field">
            <label htmlFor="exp-label">B’s label</label>
            <input
              id="exp-label"
              value={choice.label}
              onChange={(e) => set({ label: e.target.value })}
              required
              maxLength={200}
            />
          </div>
        )}
        <label>
          <input
            type="checkbox"
            checked={choice.repoint}
            onChange={(e) => set({ repoint: e.target.checked })}
          />{' '}
          Send it somewhere else
        </label>
        {choice.repoint && (
          <Field
            label="B’s link goes to"
            type="url"
            value={choice.url}
            onChange={(url) => set({ url })}
            placeholder="https://example.com/sale"
            required
          />
        )}
      </fieldset>
    </>
  );
}

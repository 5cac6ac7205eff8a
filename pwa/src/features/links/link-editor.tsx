import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { LinkView, SummaryView } from '@linkhub/shared/sync/views';
import { Field } from '../../ui/field';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { MiniChart } from '../../ui/mini-chart';
import { copyText } from '../../ui/clipboard';
import { fieldErrors } from '../../ui/error-messages';
import { listDomains, listLinks, listQrCodes } from '../../replicache/queries';
import { defaultLinkDomain, NewLinkDomain } from '../domains/new-link-domain';
import { useSubscribe } from '../../replicache/use-subscribe';
import { ConflictsOf } from '../conflicts/conflict-card';
import { listNotices } from '../../replicache/queries';
import { useSyncedDraft } from '../../drafts/use-synced-draft';
import { linkState, shortUrl } from './link-filter';
import { LinkRouting } from './link-routing';
import { LinkPreviewFields } from './link-previews';
import {
  draftOf,
  lookalikeToConfirm,
  planCreate,
  planUpdate,
  saveBlocker,
  credentialErrors,
  UTM_KEYS,
  type LinkDraft,
} from './link-diff';
import { keptLinkDrafts } from './kept-link-drafts';
import { LookalikeConfirm } from './lookalike-confirm';
import { slugTakenBy } from './slug-taken';
import { DraftNotice } from './stale-notice';
import { OpeningHeading } from '../../ui/opening-heading';
import { RunningTestBanner, useRunningTest } from '../experiments/running-test';
import { HistoryPanel } from '../history/history-panel';
import { LinkAccess } from './link-access';

import { LinkOrganise } from './folders/link-organise';
import { UtmPresetMenu } from './utm-presets/utm-preset-menu';

type Props = {
  link: LinkView | null;
  summary: SummaryView | undefined;
  onDone: (id: string | null) => void;
  /** A create the server refused: its typed values and the server's sentence. */
  refused?: { draft: LinkDraft; message: string } | undefined;
};

/** Create or edit one link; a viewer sees the same fields read-only and no actions. */
export function LinkEditor({ link, summary, onDone, refused }: Props) {
  const rep = useRep();
  const { workspace, can, capability } = useWorkspace();
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const synced = useSyncedDraft<LinkDraft>(refused?.draft ?? draftOf(link, workspace.time_zone));
  const { draft } = synced;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const [confirmedHost, setConfirmedHost] = useState<string | null>(null);
  const others = useSubscribe((tx) => listLinks(tx, workspace.id), [], [workspace.id]);
  const qrCodes = useSubscribe((tx) => listQrCodes(tx, workspace.id), [], [workspace.id]);
  const domains = useSubscribe((tx) => listDomains(tx, workspace.id), [], [workspace.id]);
  /** A new link's domain; empty: the workspace's default for new links. */
  const [domainId, setDomainId] = useState('');
  const slug = draft.slug.trim().toLowerCase();
  const slugTaken = slugTakenBy(slug, link, others, qrCodes);
  const slugHint =
    slug === '' || slug === link?.slug
      ? link
        ? undefined
        : 'Leave empty for a random one.'
      : slugTaken
        ? undefined
        : 'Available in this workspace (the server confirms on sync).';
  const editable = link ? can('link.update') && !link.locked : can('link.create');
  const runningTest = useRunningTest(workspace.id, link?.id ?? null, can('experiment.list'));
  const set = (key: Exclude<keyof LinkDraft, 'utm' | 'rules' | 'split'>, value: string) =>
    synced.set(key, value);
  const setUtm = (key: string, value: string) => synced.set('utm', { ...draft.utm, [key]: value });
  const lookalike = lookalikeToConfirm(synced.state, link === null, confirmedHost);
  const blocked = saveBlocker(synced.state, slugTaken, lookalike);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return setErrors({ form: blocked });
    const withCredentials = credentialErrors(draft, link);
    if (withCredentials) return setErrors(withCredentials);
    const target = { id: link?.id ?? uuidv7(), workspace_id: workspace.id };
    const plan = link
      ? planUpdate(
          synced.state,
          target,
          {
            targeting: can('link.update_targeting'),
            split: can('link.update_split'),
            timeZone: workspace.time_zone,
          },
          link ?? undefined,
        )
      : planCreate(draft, target);
    if (plan.kind === 'invalid') return setErrors(fieldErrors(plan.error));
    setErrors({});
    if (plan.kind === 'unchanged') return setSaved('Nothing to save: no field was changed.');
    if (plan.kind === 'create') {
      keptLinkDrafts.keep(plan.args.id, draft);
      const onDomain = domainId || defaultLinkDomain(domains)?.id;
      await rep.mutate.createLink(onDomain ? { ...plan.args, domain_id: onDomain } : plan.args);
      return onDone(plan.args.id);
    }
    synced.saved();
    await rep.mutate.updateLink(plan.args);
    setSaved('Saved on this device; it syncs when online.');
  };

  const ref = link ? { id: link.id, workspace_id: workspace.id } : null;
  const state = link ? linkState(link, Date.now()) : null;
  const url = link ? shortUrl(link) : '';
  return (
    <section className="panel" aria-labelledby="link-editor-title">
      <OpeningHeading id="link-editor-title">
        {link ? `Link ${link.title ?? link.slug}` : 'New link'}
      </OpeningHeading>
      {link && (
        <div className="row">
          <span className={`badge ${state ?? ''}`}>{state}</span>
          {url && <code>{url}</code>}
          {url && (
            <button
              type="button"
              onClick={() => void copyText(url).then((ok) => setSaved(ok ? 'Short URL copied.' : url))}
            >
              Copy short URL
            </button>
          )}
          {link.locked && (
            <span className="muted">Pinned by a printed QR code: its short URL cannot change.</span>
          )}
          {!link.locked && link.archived_at === null && can('experiment.list') && (
            <a
              className="link"
              href={`/links/experiments/new/${link.id}`}
              onClick={(e) => {
                e.preventDefault();
                navigate(`/links/experiments/new/${link.id}`);
              }}
            >
              A/B test this link
            </a>
          )}
        </div>
      )}
      {runningTest && <RunningTestBanner test={runningTest} />}
      {link && <ConflictsOf notices={notices} resourceId={link.id} />}
      {link && <MiniChart summary={summary} />}
      {refused && (
        <p className="error" role="alert">
          {refused.message} What you typed is kept below.
        </p>
      )}
      <form onSubmit={(e) => void submit(e)}>
        <Field
          label="Destination URL"
          type="url"
          value={draft.destination_url}
          onChange={(v) => set('destination_url', v)}
          error={errors.destination_url}
          required
          readOnly={!editable}
        />
        {lookalike && <LookalikeConfirm host={lookalike} onConfirm={() => setConfirmedHost(lookalike)} />}
        {!link && editable && (
          <NewLinkDomain workspaceId={workspace.id} value={domainId} onChange={setDomainId} />
        )}
        <div className="two">
          <Field
            label="Slug"
            value={draft.slug}
            onChange={(v) => set('slug', v)}
            error={errors.slug ?? slugTaken ?? undefined}
            hint={slugHint}
            readOnly={!editable || link?.locked === true}
          />
          <Field
            label="Title"
            value={draft.title}
            onChange={(v) => set('title', v)}
            error={errors.title}
            readOnly={!editable}
          />
        </div>
        <Field
          label="Tags (comma separated)"
          value={draft.tags}
          onChange={(v) => set('tags', v)}
          error={errors.tags}
          readOnly={!editable}
        />
        <LinkOrganise
          workspaceId={workspace.id}
          folderId={draft.folder_id}
          note={draft.note}
          onFolder={(v) => set('folder_id', v)}
          onNote={(v) => set('note', v)}
          errors={errors}
          readOnly={!editable}
        />
        <fieldset>
          <legend>UTM parameters</legend>
          {editable && (
            <UtmPresetMenu
              workspaceId={workspace.id}
              onApply={(preset) => synced.set('utm', { ...draft.utm, ...preset })}
            />
          )}
          <div className="two">
            {UTM_KEYS.map((k) => (
              <Field
                key={k}
                label={`utm_${k}`}
                value={draft.utm[k] ?? ''}
                onChange={(v) => setUtm(k, v)}
                error={errors[`utm.${k}`]}
                readOnly={!editable}
              />
            ))}
          </div>
        </fieldset>
        {link && (
          <div className="two">
            <Field
              label={`Starts at (${workspace.time_zone})`}
              type="datetime-local"
              value={draft.starts_at}
              onChange={(v) => set('starts_at', v)}
              error={errors.starts_at}
              readOnly={!editable}
            />
            <Field
              label={`Expires at (${workspace.time_zone})`}
              type="datetime-local"
              value={draft.expires_at}
              onChange={(v) => set('expires_at', v)}
              error={errors.expires_at}
              readOnly={!editable}
            />
          </div>
        )}
        {link && (
          <LinkRouting
            rules={draft.rules}
            split={draft.split}
            mainUrl={draft.destination_url}
            runningTest={runningTest}
            onRules={(rules) => synced.set('rules', rules)}
            onSplit={(split) => synced.set('split', split)}
            canTarget={editable && can('link.update_targeting')}
            canSplit={editable && can('link.update_split')}
            targetingOnPlan={capability('link.update_targeting').reason !== 'plan_feature_unavailable'}
            timeZone={workspace.time_zone}
            errors={errors}
          />
        )}
        {link && (
          <LinkPreviewFields
            draft={draft}
            set={set}
            errors={errors}
            editable={editable}
            workspaceId={workspace.id}
          />
        )}
        {link && (
          <LinkAccess
            key={link.id}
            link={link}
            workspaceId={workspace.id}
            editable={editable && can('link.update_schedule')}
          />
        )}
        <DraftNotice synced={synced} canSave={editable} />
        {blocked && (
          <p id="link-save-blocked" className="muted">
            {blocked}
          </p>
        )}
        {errors.form && errors.form !== blocked && <p className="error">{errors.form}</p>}
        <div className="row">
          {editable && (
            <button
              type="submit"
              className="primary"
              disabled={blocked !== null}
              aria-describedby={blocked ? 'link-save-blocked' : undefined}
            >
              {link ? 'Save changes' : 'Create link'}
            </button>
          )}
          {link && ref && can('link.pause') && link.status === 'active' && (
            <button type="button" onClick={() => void rep.mutate.pauseLink?.(ref)}>
              Pause
            </button>
          )}
          {link && ref && can('link.resume') && link.status === 'paused' && (
            <button type="button" onClick={() => void rep.mutate.resumeLink?.(ref)}>
              Resume
            </button>
          )}
          {link && ref && can('link.archive') && !link.archived_at && (
            <button type="button" className="danger" onClick={() => void rep.mutate.archiveLink?.(ref)}>
              Archive
            </button>
          )}
          {link && ref && can('link.unarchive') && link.archived_at && (
            <button type="button" onClick={() => void rep.mutate.restoreLink?.(ref)}>
              Restore
            </button>
          )}
          <button type="button" onClick={() => onDone(null)}>
            Close
          </button>
        </div>
        {/* A save the server refused rolls back into a conflict: "saved on this device" no longer holds. */}
        {saved && synced.conflicts.length === 0 && <p aria-live="polite">{saved}</p>}
      </form>
      {link && can('link.view_versions') && (
        <HistoryPanel type="link" id={link.id} refreshKey={link.updated_at} canRestore={editable} />
      )}
    </section>
  );
}

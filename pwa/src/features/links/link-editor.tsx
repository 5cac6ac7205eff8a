import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import { createLinkArgs, updateLinkArgs } from '@linkhub/shared/mutators/links';
import type { LinkView, SummaryView } from '@linkhub/shared/sync/views';
import { Field } from '../../app/field';
import { useWorkspace } from '../../app/workspace-context';
import { useRep } from '../../replicache/rep-context';
import { MiniChart } from '../../ui/mini-chart';
import { copyText, fieldErrors } from '../../ui/zod-errors';
import { listLinks } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { linkState, shortUrl } from './link-filter';
import { LinkRouting } from './link-routing';
import { draftsToRules, draftsToSplit, rulesToDrafts, splitToDrafts, type RuleDraft, type SplitDraft } from './routing-drafts';

const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
const UTM_PRESETS: Record<string, Partial<Record<(typeof UTM_KEYS)[number], string>>> = {
  Newsletter: { source: 'newsletter', medium: 'email' },
  Instagram: { source: 'instagram', medium: 'social' },
  'Print (QR)': { source: 'print', medium: 'qr' },
};

type Draft = { destination_url: string; slug: string; title: string; tags: string; starts_at: string; expires_at: string; utm: Record<string, string> };

const toLocal = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
const fromLocal = (v: string) => (v ? new Date(`${v}:00Z`).toISOString() : null);

function draftOf(link: LinkView | null): Draft {
  const utm: Record<string, string> = {};
  for (const k of UTM_KEYS) {
    const v = link?.utm[k];
    if (typeof v === 'string') utm[k] = v;
  }
  return {
    destination_url: link?.destination_url ?? '',
    slug: link?.slug ?? '',
    title: link?.title ?? '',
    tags: link?.tags.join(', ') ?? '',
    starts_at: toLocal(link?.starts_at ?? null),
    expires_at: toLocal(link?.expires_at ?? null),
    utm,
  };
}

/** Create or edit one link; a viewer sees the same fields read-only and no actions. */
export function LinkEditor({ link, summary, onDone }: { link: LinkView | null; summary: SummaryView | undefined; onDone: (id: string | null) => void }) {
  const rep = useRep();
  const { workspace, can, capability } = useWorkspace();
  const [draft, setDraft] = useState<Draft>(() => draftOf(link));
  const [initial, setInitial] = useState<Draft>(draft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState('');
  const [rules, setRules] = useState<RuleDraft[]>(() => rulesToDrafts(link?.rules ?? []));
  const [split, setSplit] = useState<SplitDraft[]>(() => splitToDrafts(link?.destinations ?? []));
  const others = useSubscribe((tx) => listLinks(tx, workspace.id), [], [workspace.id]);
  const slug = draft.slug.trim().toLowerCase();
  const slugTaken = slug !== '' && slug !== link?.slug && others.some((o) => o.id !== link?.id && o.slug === slug && (!link || o.domain_id === link.domain_id));
  const slugHint = slug === '' || slug === link?.slug ? (link ? undefined : 'Leave empty for a random one.') : slugTaken ? undefined : 'Available in this workspace (the server confirms on sync).';
  const editable = link ? can('link.update') && !link.locked : can('link.create');
  const set = (key: keyof Draft, value: string) => setDraft((d) => ({ ...d, [key]: value }));
  const setUtm = (key: string, value: string) => setDraft((d) => ({ ...d, utm: { ...d.utm, [key]: value } }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const utm = Object.fromEntries(Object.entries(draft.utm).filter(([, v]) => v.trim() !== ''));
    const tags = draft.tags.split(',').map((t) => t.trim()).filter(Boolean);
    const common = { workspace_id: workspace.id, destination_url: draft.destination_url, tags, utm };
    if (!link) {
      const parsed = createLinkArgs.safeParse({ ...common, id: uuidv7(), ...(draft.slug ? { slug: draft.slug } : {}), ...(draft.title ? { title: draft.title } : {}) });
      if (!parsed.success) return setErrors(fieldErrors(parsed.error));
      setErrors({});
      await rep.mutate.createLink(parsed.data);
      return onDone(parsed.data.id);
    }
    // Only the fields this form changed: another device's edit to a different field survives (field-level merge).
    const before = initial;
    const changed = (key: keyof Draft) => JSON.stringify(draft[key]) !== JSON.stringify(before[key]);
    const rulesNow = draftsToRules(rules);
    const splitNow = draftsToSplit(split);
    const parsed = updateLinkArgs.safeParse({
      id: link.id,
      workspace_id: workspace.id,
      ...(changed('destination_url') ? { destination_url: draft.destination_url } : {}),
      ...(changed('tags') ? { tags } : {}),
      ...(changed('utm') ? { utm } : {}),
      ...(changed('title') ? { title: draft.title || null } : {}),
      ...(changed('slug') && draft.slug ? { slug: draft.slug } : {}),
      ...(changed('starts_at') ? { starts_at: fromLocal(draft.starts_at) } : {}),
      ...(changed('expires_at') ? { expires_at: fromLocal(draft.expires_at) } : {}),
      ...(can('link.update_targeting') && JSON.stringify(rulesNow) !== JSON.stringify(draftsToRules(rulesToDrafts(link.rules))) ? { rules: rulesNow } : {}),
      ...(can('link.update_split') && JSON.stringify(splitNow) !== JSON.stringify(draftsToSplit(splitToDrafts(link.destinations))) ? { destinations: splitNow } : {}),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await rep.mutate.updateLink(parsed.data);
    setInitial(draft);
    setSaved('Saved on this device; it syncs when online.');
  };

  const ref = link ? { id: link.id, workspace_id: workspace.id } : null;
  const state = link ? linkState(link, Date.now()) : null;
  const url = link ? shortUrl(link) : '';
  return (
    <section className="panel" aria-labelledby="link-editor-title">
      <h2 id="link-editor-title">{link ? `Link ${link.title ?? link.slug}` : 'New link'}</h2>
      {link && (
        <div className="row">
          <span className={`badge ${state ?? ''}`}>{state}</span>
          {url && <code>{url}</code>}
          {url && (
            <button type="button" onClick={() => void copyText(url).then((ok) => setSaved(ok ? 'Short URL copied.' : url))}>
              Copy short URL
            </button>
          )}
          {link.locked && <span className="muted">Pinned by a printed QR code: its short URL cannot change.</span>}
        </div>
      )}
      {link && <MiniChart summary={summary} />}
      <form onSubmit={(e) => void submit(e)}>
        <Field label="Destination URL" type="url" value={draft.destination_url} onChange={(v) => set('destination_url', v)} error={errors.destination_url} required readOnly={!editable} />
        <div className="two">
          <Field label="Slug" value={draft.slug} onChange={(v) => set('slug', v)} error={errors.slug ?? (slugTaken ? 'Another link already uses this slug.' : undefined)} hint={slugHint} readOnly={!editable || link?.locked === true} />
          <Field label="Title" value={draft.title} onChange={(v) => set('title', v)} error={errors.title} readOnly={!editable} />
        </div>
        <Field label="Tags (comma separated)" value={draft.tags} onChange={(v) => set('tags', v)} error={errors.tags} readOnly={!editable} />
        <fieldset>
          <legend>UTM parameters</legend>
          {editable && (
            <div className="row">
              <span className="label">Presets:</span>
              {Object.entries(UTM_PRESETS).map(([name, preset]) => (
                <button key={name} type="button" onClick={() => setDraft((d) => ({ ...d, utm: { ...d.utm, ...preset } }))}>
                  {name}
                </button>
              ))}
            </div>
          )}
          <div className="two">
            {UTM_KEYS.map((k) => (
              <Field key={k} label={`utm_${k}`} value={draft.utm[k] ?? ''} onChange={(v) => setUtm(k, v)} error={errors[`utm.${k}`]} readOnly={!editable} />
            ))}
          </div>
        </fieldset>
        {link && (
          <div className="two">
            <Field label="Starts at (UTC)" type="datetime-local" value={draft.starts_at} onChange={(v) => set('starts_at', v)} error={errors.starts_at} readOnly={!editable} />
            <Field label="Expires at (UTC)" type="datetime-local" value={draft.expires_at} onChange={(v) => set('expires_at', v)} error={errors.expires_at} readOnly={!editable} />
          </div>
        )}
        {link && (
          <LinkRouting
            rules={rules}
            split={split}
            onRules={setRules}
            onSplit={setSplit}
            canTarget={editable && can('link.update_targeting')}
            canSplit={editable && can('link.update_split')}
            targetingOnPlan={capability('link.update_targeting').reason !== 'plan_feature_unavailable'}
            errors={errors}
          />
        )}
        {errors.form && <p className="error">{errors.form}</p>}
        <div className="row">
          {editable && (
            <button type="submit" className="primary">
              {link ? 'Save changes' : 'Create link'}
            </button>
          )}
          {link && ref && can('link.pause') && link.status === 'active' && <button type="button" onClick={() => void rep.mutate.pauseLink?.(ref)}>Pause</button>}
          {link && ref && can('link.resume') && link.status === 'paused' && <button type="button" onClick={() => void rep.mutate.resumeLink?.(ref)}>Resume</button>}
          {link && ref && can('link.archive') && !link.archived_at && <button type="button" className="danger" onClick={() => void rep.mutate.archiveLink?.(ref)}>Archive</button>}
          {link && ref && can('link.unarchive') && link.archived_at && <button type="button" onClick={() => void rep.mutate.restoreLink?.(ref)}>Restore</button>}
          <button type="button" onClick={() => onDone(null)}>
            Close
          </button>
        </div>
        {saved && <p aria-live="polite">{saved}</p>}
      </form>
    </section>
  );
}

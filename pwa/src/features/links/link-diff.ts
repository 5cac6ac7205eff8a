import type { z } from 'zod';
import { createLinkArgs, updateLinkArgs } from '@linkhub/shared/mutators/links';
import { linkScheduleSchema } from '@linkhub/shared/schemas/links';
import type { LinkView } from '@linkhub/shared/sync/views';
import { conflictsOf, isEdited, type DraftState } from '../../drafts/draft-rebase';
import { displayUrl, lookalikeHostOf } from './destination-display';
import {
  draftsToRules,
  draftsToSplit,
  rulesToDrafts,
  splitToDrafts,
  type RuleDraft,
  type SplitDraft,
} from './routing-drafts';
import { instantOf, wallTimeOf } from '../../ui/zoned-time';
import { carriesCredentials, CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';

/**
 * What the link form sends, decided from its draft against the synced link (drafts/draft-rebase.ts
 * keeps the draft following sync): a create sends what was typed; an update sends only the fields this
 * form changed, so another device's edit to a different field survives (field-level merge).
 */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const;

export type LinkDraft = {
  destination_url: string;
  slug: string;
  title: string;
  tags: string;
  starts_at: string;
  expires_at: string;
  utm: Record<string, string>;
  rules: RuleDraft[];
  split: SplitDraft[];
  /** The social card and app links (D-625), as typed; empty: none. */
  preview_title: string;
  preview_description: string;
  preview_image: string;
  ios_url: string;
  android_url: string;
  /** The link's folder ('' for none) and private note (D-620, D-621). */
  folder_id: string;
  note: string;
};
export type LinkField = keyof LinkDraft;

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
export type LinkDraftState = DraftState<LinkDraft>;

/** The form's values for a synced link (or an empty form), schedule times on `timeZone`'s clock. */
export function draftOf(link: LinkView | null, timeZone: string): LinkDraft {
  const utm: Record<string, string> = {};
  for (const k of UTM_KEYS) {
    const v = link?.utm[k];
    if (typeof v === 'string') utm[k] = v;
  }
  return {
    destination_url: link ? displayUrl(link.destination_url) : '',
    slug: link?.slug ?? '',
    title: link?.title ?? '',
    tags: link?.tags.join(', ') ?? '',
    starts_at: wallTimeOf(link?.starts_at ?? null, timeZone),
    expires_at: wallTimeOf(link?.expires_at ?? null, timeZone),
    utm,
    rules: rulesToDrafts(link?.rules ?? []),
    split: splitToDrafts(link?.destinations ?? [], link?.destination_url),
    preview_title: link?.social_preview?.title ?? '',
    preview_description: link?.social_preview?.description ?? '',
    preview_image: link?.social_preview?.image_url ?? '',
    ios_url: link?.ios_url ?? '',
    android_url: link?.android_url ?? '',
    folder_id: link?.folder_id ?? '',
    note: link?.note ?? '',
  };
}

const PREVIEW_FIELDS = ['preview_title', 'preview_description', 'preview_image'] as const;
/** The card as the form sends it: every field, empty ones null (the server drops a card that sets nothing). */
const socialPreviewOf = (draft: LinkDraft) => ({
  title: draft.preview_title.trim() || null,
  description: draft.preview_description.trim() || null,
  image_url: draft.preview_image.trim() || null,
});

/** Tags as typed: comma separated. */
export const tagsOf = (text: string): string[] =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const utmOf = (utm: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(utm).filter(([, v]) => v.trim() !== ''));

/** The fields the user changed since the form took the synced link in. */
export function changedFields(state: LinkDraftState): LinkField[] {
  return (Object.keys(state.draft) as LinkField[]).filter((key) => isEdited(state, key));
}

/** The fields changed elsewhere while the user was editing them too: the user settles them before saving. */
export const linkConflicts = (state: LinkDraftState): LinkField[] => conflictsOf(state);

type Ref = { id: string; workspace_id: string };
/** What the user may change beyond the plain fields (plan and role), and the clock the schedule is typed on. */
export type UpdateContext = { targeting: boolean; split: boolean; timeZone: string };

export type CreateLinkInput = z.input<typeof createLinkArgs>;
export type UpdateLinkInput = z.input<typeof updateLinkArgs>;

export function createInput(draft: LinkDraft, ref: Ref): CreateLinkInput {
  return {
    ...ref,
    destination_url: draft.destination_url.trim(),
    tags: tagsOf(draft.tags),
    utm: utmOf(draft.utm),
    ...(draft.slug ? { slug: draft.slug } : {}),
    ...(draft.title ? { title: draft.title } : {}),
    ...(draft.folder_id ? { folder_id: draft.folder_id } : {}),
    ...(draft.note.trim() ? { note: draft.note } : {}),
  };
}

/** The updateLink arguments for what this form changed; null when there is nothing to send. */
export function updateInput(
  state: LinkDraftState,
  ref: Ref,
  allowed: UpdateContext,
  synced?: LinkView,
): UpdateLinkInput | null {
  const { draft } = state;
  const changed = (key: LinkField) => isEdited(state, key);
  // What the form started from, as stored, for each plain field sent (D-500): the server keeps a
  // newer value someone else saved meanwhile and tells the user. The synced link gives the stored
  // spelling while the form's start still reads as it (the form shows a Unicode host, known UTM keys
  // only); a start the link has moved on from is sent as the form holds it, which the server sees as
  // changed. Rules and splits carry entry ids the form does not hold: no base, last write wins.
  const shown = synced ? draftOf(synced, allowed.timeZone) : null;
  const started: Record<string, unknown> = {};
  if (synced && shown) {
    const from = state.base;
    const stored = (key: LinkField & keyof LinkView, spelled: unknown) =>
      same(shown[key], from[key]) ? synced[key] : spelled;
    started.destination_url = stored('destination_url', from.destination_url.trim());
    started.tags = stored('tags', tagsOf(from.tags));
    started.utm = stored('utm', utmOf(from.utm));
    started.title = stored('title', from.title || null);
    started.slug = stored('slug', from.slug);
    started.starts_at = stored('starts_at', instantOf(from.starts_at, allowed.timeZone));
    started.expires_at = stored('expires_at', instantOf(from.expires_at, allowed.timeZone));
    started.folder_id = from.folder_id || null;
    started.note = from.note.trim() || null;
  }
  const fields: Omit<UpdateLinkInput, keyof Ref> = {
    ...(changed('destination_url') ? { destination_url: draft.destination_url.trim() } : {}),
    ...(changed('tags') ? { tags: tagsOf(draft.tags) } : {}),
    ...(changed('utm') ? { utm: utmOf(draft.utm) } : {}),
    ...(changed('title') ? { title: draft.title || null } : {}),
    // An emptied slug is not sent: a link keeps its address.
    ...(changed('slug') && draft.slug ? { slug: draft.slug } : {}),
    ...(changed('starts_at') ? { starts_at: instantOf(draft.starts_at, allowed.timeZone) } : {}),
    ...(changed('expires_at') ? { expires_at: instantOf(draft.expires_at, allowed.timeZone) } : {}),
    ...(changed('folder_id') ? { folder_id: draft.folder_id || null } : {}),
    ...(changed('note') ? { note: draft.note.trim() || null } : {}),
    ...(allowed.targeting && changed('rules') ? { rules: draftsToRules(draft.rules) } : {}),
    // The split's main row is the link's destination: a new destination moves it too.
    ...(allowed.split && (changed('split') || (draft.split.length > 0 && changed('destination_url')))
      ? { destinations: draftsToSplit(draft.split, draft.destination_url) }
      : {}),
    // The card is one value: a change to one of its fields sends all three (no base: last write wins).
    ...(PREVIEW_FIELDS.some(changed) ? { social_preview: socialPreviewOf(draft) } : {}),
    ...(changed('ios_url') ? { ios_url: draft.ios_url.trim() || null } : {}),
    ...(changed('android_url') ? { android_url: draft.android_url.trim() || null } : {}),
  };
  if (Object.keys(fields).length === 0) return null;
  const base = Object.fromEntries(
    Object.keys(fields).flatMap((key) => (key in started ? [[key, started[key] ?? null]] : [])),
  );
  return { ...ref, ...fields, ...(Object.keys(base).length > 0 ? { base } : {}) };
}

export type SavePlan =
  | { kind: 'create'; args: z.output<typeof createLinkArgs> }
  | { kind: 'update'; args: z.output<typeof updateLinkArgs> }
  | { kind: 'unchanged' }
  | { kind: 'invalid'; error: z.ZodError };

/** A new link's create, checked with the mutator's own schema. */
export function planCreate(draft: LinkDraft, ref: Ref): SavePlan {
  const parsed = createLinkArgs.safeParse(createInput(draft, ref));
  return parsed.success ? { kind: 'create', args: parsed.data } : { kind: 'invalid', error: parsed.error };
}

/** An open link's update of only the changed fields, checked with the mutator's own schema. */
export function planUpdate(
  state: LinkDraftState,
  ref: Ref,
  allowed: UpdateContext,
  synced?: LinkView,
): SavePlan {
  const input = updateInput(state, ref, allowed, synced);
  if (input === null) return { kind: 'unchanged' };
  const parsed = updateLinkArgs.safeParse(input);
  if (!parsed.success) return { kind: 'invalid', error: parsed.error };
  if (parsed.data.starts_at !== undefined || parsed.data.expires_at !== undefined) {
    // One end changed: the link's whole schedule, the other end as the form holds it, must stay in order.
    const schedule = linkScheduleSchema.safeParse({
      starts_at: instantOf(state.draft.starts_at, allowed.timeZone),
      expires_at: instantOf(state.draft.expires_at, allowed.timeZone),
    });
    if (!schedule.success) return { kind: 'invalid', error: schedule.error };
  }
  return { kind: 'update', args: parsed.data };
}

/** The look-alike host the user must confirm before saving (a new destination only), else null. */
export function lookalikeToConfirm(
  state: LinkDraftState,
  isNew: boolean,
  confirmedHost: string | null,
): string | null {
  const host = lookalikeHostOf(state.draft.destination_url);
  return host !== null && host !== confirmedHost && (isNew || isEdited(state, 'destination_url'))
    ? host
    : null;
}

/** Why the form cannot be saved yet, as a sentence; null when it can. */
export function saveBlocker(
  state: LinkDraftState,
  slugTaken: string | null,
  lookalike: string | null,
): string | null {
  if (slugTaken) return slugTaken;
  if (linkConflicts(state).length > 0) return 'Settle the change from another device first.';
  return lookalike ? 'Confirm the look-alike address first.' : null;
}

/**
 * Destinations the server would refuse for carrying a user name or password, by form key: the main
 * one when it changed (a link stored before the rule keeps saving), every rule and split entry (the
 * server checks the whole list whenever it is sent). Null: none.
 */
export function credentialErrors(draft: LinkDraft, link: LinkView | null): Record<string, string> | null {
  const errors: Record<string, string> = {};
  if (draft.destination_url !== link?.destination_url && carriesCredentials(draft.destination_url))
    errors.destination_url = CREDENTIALS_SENTENCE;
  draft.rules.forEach((rule, i) => {
    if (carriesCredentials(rule.url)) errors[`rules.${i}.destination_url`] = CREDENTIALS_SENTENCE;
  });
  draft.split.forEach((entry, i) => {
    if (carriesCredentials(entry.url)) errors[`destinations.${i}.url`] = CREDENTIALS_SENTENCE;
  });
  return Object.keys(errors).length > 0 ? errors : null;
}

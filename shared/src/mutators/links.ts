import { z } from 'zod';
import type { Action } from '../permissions/matrix';
import { syncKeys } from '../sync/keys';
import { linkViewSchema, type LinkView } from '../sync/views';
import { defineMutator } from './define';
import { idArg, workspaceArg } from './args';
import { linkFieldSchemas as f, withScheduleInOrder } from '../schemas/links';
import { linkDomainFor, nowIso, patchView } from './client-store';
import { baseArg } from './base';
import { storedSocialPreview } from '../link-previews/social-preview';

const ref = { id: idArg, workspace_id: workspaceArg };

/** What an update may change: the fields a `base` may name (D-500). */
export const LINK_UPDATABLE = [
  'destination_url',
  'slug',
  'title',
  'tags',
  'utm',
  'rules',
  'destinations',
  'starts_at',
  'expires_at',
  'social_preview',
  'ios_url',
  'android_url',
  'folder_id',
  'note',
] as const;

/** The REST fields (`schemas/links.ts`), field for field, with the same start-before-expiry rule. */
export const createLinkArgs = z.strictObject({
  ...ref,
  destination_url: f.destination_url,
  slug: f.slug.optional(),
  domain_id: f.domain_id.optional(),
  title: f.title.optional(),
  tags: f.tags.optional(),
  utm: f.utm.optional(),
  folder_id: f.folder_id.optional(),
  note: f.note.optional(),
});

export const updateLinkArgs = withScheduleInOrder(
  z.strictObject({
    ...ref,
    destination_url: f.destination_url.optional(),
    slug: f.slug.optional(),
    title: f.title.nullable().optional(),
    tags: f.tags.optional(),
    utm: f.utm.optional(),
    rules: f.rules.optional(),
    destinations: f.destinations.optional(),
    starts_at: f.starts_at.optional(),
    expires_at: f.expires_at.optional(),
    social_preview: f.social_preview.optional(),
    ios_url: f.ios_url.optional(),
    android_url: f.android_url.optional(),
    expired_url: f.expired_url.optional(),
    max_clicks: f.max_clicks.optional(),
    folder_id: f.folder_id.optional(),
    note: f.note.optional(),
    base: baseArg(LINK_UPDATABLE),
  }),
);

export const linkRefArgs = z.object(ref).strict();

export const createLink = defineMutator({
  name: 'createLink',
  args: createLinkArgs,
  action: 'link.create',
  client: async (tx, args) => {
    const domain = await linkDomainFor(tx, args.domain_id);
    const now = nowIso();
    const view: LinkView = {
      id: args.id,
      workspace_id: args.workspace_id,
      domain_id: domain?.id ?? args.domain_id ?? '',
      host: domain?.hostname ?? '',
      slug: args.slug ?? '',
      destination_url: args.destination_url,
      title: args.title ?? null,
      tags: args.tags ?? [],
      utm: args.utm ?? {},
      rules: [],
      destinations: [],
      status: 'active',
      starts_at: null,
      expires_at: null,
      archived_at: null,
      locked: false,
      qr_code_id: null,
      social_preview: null,
      ios_url: null,
      android_url: null,
      expired_url: null,
      has_password: false,
      max_clicks: null,
      click_count: 0,
      click_limit_reached_at: null,
      folder_id: args.folder_id ?? null,
      note: args.note ?? null,
      created_at: now,
      updated_at: now,
    };
    await tx.set(syncKeys.link(args.id), view);
  },
});

export const updateLink = defineMutator({
  name: 'updateLink',
  args: updateLinkArgs,
  action: 'link.update',
  actions: (args) => {
    const actions: Action[] = [];
    if (args.destination_url !== undefined) actions.push('link.update_destination');
    if (args.slug !== undefined) actions.push('link.update_slug');
    if (
      args.starts_at !== undefined ||
      args.expires_at !== undefined ||
      args.expired_url !== undefined ||
      args.max_clicks !== undefined
    )
      actions.push('link.update_schedule');
    if (args.rules !== undefined) actions.push('link.update_targeting');
    if (args.destinations !== undefined) actions.push('link.update_split');
    const organises = args.folder_id !== undefined || args.note !== undefined;
    if (
      args.title !== undefined ||
      args.tags !== undefined ||
      args.utm !== undefined ||
      args.social_preview !== undefined ||
      args.ios_url !== undefined ||
      args.android_url !== undefined ||
      organises ||
      actions.length === 0
    )
      actions.push('link.update');
    return actions;
  },
  target: (args) => ({ type: 'link', id: args.id }),
  client: async (tx, { id, workspace_id: _ws, base: _base, social_preview, ...patch }) => {
    // The view keeps a preview as stored (every field, null when unset; null when it sets nothing).
    const preview =
      social_preview === undefined ? {} : { social_preview: storedSocialPreview(social_preview) };
    const clean = Object.fromEntries(
      Object.entries({ ...patch, ...preview }).filter(([, v]) => v !== undefined),
    );
    await patchView(tx, syncKeys.link(id), linkViewSchema, clean, nowIso());
  },
});

/**
 * A link's password (D-615): the server hashes it; the device's view only learns `has_password`.
 * Offline, the clear text waits in the pending mutation until the push is acknowledged, never in a view.
 */
export const setLinkPassword = defineMutator({
  name: 'setLinkPassword',
  args: z.strictObject({ ...ref, password: f.password }),
  action: 'link.update',
  target: (args) => ({ type: 'link', id: args.id }),
  client: async (tx, { id, password }) =>
    patchView(tx, syncKeys.link(id), linkViewSchema, { has_password: password !== null }, nowIso()),
});

const statusMutator = <const N extends string>(
  name: N,
  action: 'link.pause' | 'link.resume' | 'link.archive' | 'link.unarchive',
  patch: () => Partial<LinkView>,
) =>
  defineMutator({
    name,
    args: linkRefArgs,
    action,
    target: (args) => ({ type: 'link', id: args.id }),
    client: async (tx, { id }) => patchView(tx, syncKeys.link(id), linkViewSchema, patch(), nowIso()),
  });

export const pauseLink = statusMutator('pauseLink', 'link.pause', () => ({ status: 'paused' }));
export const resumeLink = statusMutator('resumeLink', 'link.resume', () => ({ status: 'active' }));
export const archiveLink = statusMutator('archiveLink', 'link.archive', () => ({ archived_at: nowIso() }));
export const restoreLink = statusMutator('restoreLink', 'link.unarchive', () => ({ archived_at: null }));

export const linkMutators = [
  createLink,
  updateLink,
  pauseLink,
  resumeLink,
  archiveLink,
  restoreLink,
  setLinkPassword,
] as const;

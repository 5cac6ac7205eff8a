import { z } from 'zod';
import { syncKeys } from '../sync/keys';
import { linkViewSchema, type LinkView } from '../sync/views';
import { defineMutator } from './define';
import {
  idArg,
  isoTimeArg,
  rulesArg,
  splitArg,
  slugArg,
  tagsArg,
  titleArg,
  urlArg,
  utmArg,
  workspaceArg,
} from './args';
import { linkDomainFor, nowIso, patchView } from './client-store';

const ref = { id: idArg, workspace_id: workspaceArg };

export const createLinkArgs = z
  .object({
    ...ref,
    destination_url: urlArg,
    slug: slugArg.optional(),
    domain_id: idArg.optional(),
    title: titleArg.optional(),
    tags: tagsArg.optional(),
    utm: utmArg.optional(),
  })
  .strict();

export const updateLinkArgs = z
  .object({
    ...ref,
    destination_url: urlArg.optional(),
    slug: slugArg.optional(),
    title: titleArg.nullable().optional(),
    tags: tagsArg.optional(),
    utm: utmArg.optional(),
    rules: rulesArg.optional(),
    destinations: splitArg.optional(),
    starts_at: isoTimeArg.nullable().optional(),
    expires_at: isoTimeArg.nullable().optional(),
  })
  .strict();

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
  client: async (tx, { id, workspace_id: _ws, ...patch }) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await patchView(tx, syncKeys.link(id), linkViewSchema, clean, nowIso());
  },
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
] as const;

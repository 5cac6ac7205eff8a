import { z } from 'zod';
import { SYNC_KEY_PREFIXES, syncKeys } from '../sync/keys';
import { domainViewSchema } from '../sync/views';
import { defineMutator } from './define';
import { baseArg } from './base';
import { handleArg, hostnameArg, idArg, urlArg, workspaceArg } from './args';
import { nowIso, patchView, readView } from './client-store';

export const addDomainArgs = z
  .object({
    id: idArg,
    workspace_id: workspaceArg,
    hostname: hostnameArg,
    purpose: z.enum(['links', 'bio', 'all']).default('links'),
  })
  .strict();
export const removeDomainArgs = z.object({ id: idArg, workspace_id: workspaceArg }).strict();

export const addDomain = defineMutator({
  name: 'addDomain',
  args: addDomainArgs,
  action: 'domain.create',
  client: async (tx, args) => {
    await tx.set(syncKeys.domain(args.id), {
      id: args.id,
      workspace_id: args.workspace_id,
      hostname: args.hostname,
      is_system: false,
      purpose: args.purpose,
      status: 'pending',
    });
  },
});

export const removeDomain = defineMutator({
  name: 'removeDomain',
  args: removeDomainArgs,
  action: 'domain.delete',
  target: (args) => ({ type: 'domain', id: args.id }),
  client: async (tx, { id }) => {
    await tx.del(syncKeys.domain(id));
  },
});

/** Check the DNS again now (a pending, failed or lost domain; a verified one is re-checked). */
export const verifyDomainArgs = z.object({ id: idArg, workspace_id: workspaceArg }).strict();

export const verifyDomain = defineMutator({
  name: 'verifyDomain',
  args: verifyDomainArgs,
  action: 'domain.verify',
  target: (args) => ({ type: 'domain', id: args.id }),
  client: async (tx, { id }) => {
    const domain = await readView(tx, syncKeys.domain(id), domainViewSchema);
    if (domain?.status === 'failed' || domain?.status === 'lost')
      await patchView(tx, syncKeys.domain(id), domainViewSchema, { status: 'pending' }, nowIso());
  },
});

/**
 * What a custom domain serves: its purpose, the bio page at its root, where unknown slugs go, and
 * whether the editor makes new links on it (one default per workspace; false clears it).
 */
/** What a domain update may change: the fields a `base` may name (D-500). */
export const DOMAIN_UPDATABLE = [
  'purpose',
  'root_handle',
  'not_found_url',
  'default_for_links',
  'root_redirect_url',
  'expired_url',
] as const;
export const updateDomainArgs = z
  .object({
    id: idArg,
    workspace_id: workspaceArg,
    purpose: z.enum(['links', 'bio', 'all']).optional(),
    root_handle: handleArg.nullable().optional(),
    not_found_url: urlArg.nullable().optional(),
    default_for_links: z.boolean().optional(),
    root_redirect_url: urlArg.nullable().optional(),
    expired_url: urlArg.nullable().optional(),
    base: baseArg(DOMAIN_UPDATABLE),
  })
  .strict()
  .refine(
    (v) =>
      v.purpose !== undefined ||
      v.root_handle !== undefined ||
      v.not_found_url !== undefined ||
      v.default_for_links !== undefined ||
      v.root_redirect_url !== undefined ||
      v.expired_url !== undefined,
    { message: 'Send at least one field to change.', params: { issue: 'empty_update' } },
  );

export const updateDomain = defineMutator({
  name: 'updateDomain',
  args: updateDomainArgs,
  action: 'domain.update',
  target: (args) => ({ type: 'domain', id: args.id }),
  client: async (tx, args) => {
    const { id, workspace_id: _ws, default_for_links, base: _base, ...fields } = args;
    const now = nowIso();
    if (default_for_links === true) {
      for await (const value of tx.scan({ prefix: SYNC_KEY_PREFIXES.domain }).values()) {
        const other = domainViewSchema.safeParse(value);
        if (other.success && other.data.id !== id && other.data.default_for_links)
          await patchView(
            tx,
            syncKeys.domain(other.data.id),
            domainViewSchema,
            { default_for_links: false },
            now,
          );
      }
    }
    await patchView(
      tx,
      syncKeys.domain(id),
      domainViewSchema,
      { ...fields, ...(default_for_links === undefined ? {} : { default_for_links }) },
      now,
    );
  },
});

/** Order the certificate again now, instead of waiting for the scheduled retry. */
export const retryDomainCertificateArgs = z.object({ id: idArg, workspace_id: workspaceArg }).strict();

export const retryDomainCertificate = defineMutator({
  name: 'retryDomainCertificate',
  args: retryDomainCertificateArgs,
  action: 'domain.retry_tls',
  target: (args) => ({ type: 'domain', id: args.id }),
  client: async (tx, { id }) => {
    await patchView(
      tx,
      syncKeys.domain(id),
      domainViewSchema,
      { tls_status: 'pending', tls_last_error: null },
      nowIso(),
    );
  },
});

export const domainMutators = [
  addDomain,
  removeDomain,
  verifyDomain,
  updateDomain,
  retryDomainCertificate,
] as const;

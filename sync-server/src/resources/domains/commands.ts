import type { customDomains } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { randomBytes } from 'node:crypto';
import {
  ConflictError,
  NotFoundError,
  SemanticError,
  ValidationError,
} from '@linkhub/shared/errors/app-error';
import {
  addDomain,
  removeDomain,
  retryDomainCertificate,
  updateDomain,
  verifyDomain,
} from '@linkhub/shared/mutators/domains';
import { one } from '@linkhub/shared/server/db/sql';
import { hostnameSchema, uuidSchema } from '@linkhub/shared/schemas/common';
import { isSystemHostName, reservedHostMessage } from '@linkhub/shared/schemas/domains';
import { displayHost } from '@linkhub/shared/url/display-url';
import { certificateJob, verificationJob } from '@linkhub/shared/server/domains/domain-jobs';
import { lockHostClaims } from '@linkhub/shared/domains/host-claims';
import { customHostRefusal } from '@linkhub/shared/server/domains/host-policy';
import type { DomainRow } from '@linkhub/shared/server/domains/domain-view';
import { scheduleCacheRefresh } from '../../kernel/redirect-cache';
import { assertSafeDestination } from '../../kernel/destination-safety';
import { keepNewerFields, nothingLeft, storedFields } from '../../kernel/field-conflicts';
import { recordChange } from '../../kernel/change-record';
import { audit, withConflicts } from '../../kernel/support';
import { z } from 'zod';
import { defineCommand, type CommandContext, type DescribeRefused } from '../../kernel/types';

type LockedDomain = Pick<
  DomainRow,
  'hostname' | 'status' | 'purpose' | 'root_handle' | 'not_found_url' | 'root_redirect_url' | 'expired_url'
>;

/** The workspace's live custom domain, locked for this transaction (a system host or another workspace's is not found). */
async function lockDomain(ctx: CommandContext, id: string, workspaceId: string): Promise<LockedDomain> {
  const domain = await one<LockedDomain>(
    ctx.tx,
    `SELECT hostname, status, purpose, root_handle, not_found_url, root_redirect_url, expired_url FROM custom_domains
      WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL AND NOT is_system FOR UPDATE`,
    [id, workspaceId],
  );
  if (!domain) throw new NotFoundError();
  return domain;
}

const refusedDomainArgs = z.object({ id: uuidSchema, hostname: z.string().max(253).optional() });

/** A refused domain change names its domain as the editor shows it: the host typed for an add, the stored one otherwise. */
const describeDomain: DescribeRefused = async (ctx, raw) => {
  const args = refusedDomainArgs.safeParse(raw);
  if (!args.success) return { workspaceId: null };
  const asTyped = args.data.hostname;
  const typed =
    asTyped === undefined ? undefined : (hostnameSchema.safeParse(asTyped).data ?? asTyped.trim());
  const stored = typed
    ? undefined
    : await one<RowOf<typeof customDomains, 'hostname'>>(
        ctx.tx,
        'SELECT hostname FROM custom_domains WHERE id = $1',
        [args.data.id],
      );
  const hostname = typed ?? stored?.hostname;
  return hostname
    ? { workspaceId: null, resource: { type: 'domain', id: args.data.id, title: displayHost(hostname) } }
    : { workspaceId: null };
};

/** A one-off job id: a manual re-check or retry is its own job, never merged into a scheduled one. */
const manualJobId = (kind: string, id: string, ctx: CommandContext) =>
  `${kind}-${id}-manual-${ctx.now.getTime()}`;

/**
 * Custom domains: added pending a DNS TXT check by the worker (a pending claim does not reserve the
 * host: the first workspace to prove it wins, D-490); removal never strands a printed QR
 * code. After commit the host's `dom:host:` entry is rebuilt (a pending or removed host has none),
 * and on removal every key on the host with it (plain links and pages purged; QR keys are never
 * touched, and a domain with QR codes cannot be removed).
 */
export const addDomainCommand = defineCommand(addDomain, {
  describe: describeDomain,
  run: async (ctx, args) => {
    if (isSystemHostName(args.hostname, [ctx.hosts.linkHost, ctx.hosts.bioHost]))
      throw new ValidationError([
        {
          field: 'hostname',
          issue: 'reserved',
          message: reservedHostMessage(displayHost(args.hostname)),
        },
      ]);
    // Public suffixes, special-use names, IP literals, look-alikes of the system hosts (D-490).
    const refusal = customHostRefusal(args.hostname, [ctx.hosts.linkHost, ctx.hosts.bioHost]);
    if (refusal)
      throw new SemanticError('domain_not_allowed', {
        message: refusal.message,
        details: [{ field: 'hostname', issue: refusal.issue }],
      });
    const token = randomBytes(16).toString('hex');
    // A pending claim reserves nothing; a verified one holds the host (409 domain_taken, D-490).
    await lockHostClaims(ctx.tx, args.hostname);
    await withConflicts(() =>
      ctx.tx.query(
        `INSERT INTO custom_domains (id, workspace_id, hostname, purpose, status, verification_method, verification_record_name, verification_token,
                                       next_check_at, created_by_user_id)
           VALUES ($1, $2, $3, $4, 'pending', 'dns_txt', $5, $6, now(), $7)`,
        [
          args.id,
          args.workspace_id,
          args.hostname,
          args.purpose,
          `_linkhub-verify.${args.hostname}`,
          `linkhub-verify=${token}`,
          ctx.by.userId,
        ],
      ),
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'domain.added',
      resourceType: 'domain',
      resourceId: args.id,
      after: { hostname: args.hostname },
    });
    ctx.effects.enqueue(verificationJob(args.id, 1));
    // A host name reused after an earlier removal must not keep an old routing entry.
    scheduleCacheRefresh(ctx, ctx.deps.cache, { kind: 'domain', host: args.hostname });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'domain', id: args.id, title: args.hostname },
    };
  },
});

export const removeDomainCommand = defineCommand(removeDomain, {
  describe: describeDomain,
  run: async (ctx, args) => {
    const domain = await one<{ hostname: string; qr_codes: string }>(
      ctx.tx,
      `SELECT d.hostname, (SELECT count(*) FROM qr_codes q WHERE q.domain_id = d.id) AS qr_codes
           FROM custom_domains d WHERE d.id = $1 AND d.workspace_id = $2 AND d.deleted_at IS NULL FOR UPDATE`,
      [args.id, args.workspace_id],
    );
    if (!domain) throw new NotFoundError();
    if (Number(domain.qr_codes) > 0) {
      throw new ConflictError('conflict', {
        message: 'QR codes printed on this domain must keep resolving, so it cannot be removed.',
        details: [{ field: 'domain', issue: 'has_qr_codes', qr_codes: Number(domain.qr_codes) }],
      });
    }
    await ctx.tx.query("UPDATE custom_domains SET deleted_at = now(), status = 'removed' WHERE id = $1", [
      args.id,
    ]);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'domain.removed',
      resourceType: 'domain',
      resourceId: args.id,
      before: { hostname: domain.hostname },
    });
    scheduleCacheRefresh(ctx, ctx.deps.cache, { kind: 'resource', resource_type: 'domain', id: args.id });
    // The certificates it holds are revoked (the worker does nothing when none was issued).
    ctx.effects.enqueue(certificateJob(args.id, 'revoke', 1));
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'domain', id: args.id, title: domain.hostname },
    };
  },
});

export const verifyDomainCommand = defineCommand(verifyDomain, {
  describe: describeDomain,
  run: async (ctx, args) => {
    const domain = await lockDomain(ctx, args.id, args.workspace_id);
    const recheck = domain.status === 'verified';
    // A failed domain gets a fresh round of scheduled checks; so does a lost claim once the host is
    // free again (while another workspace holds it verified, the database refuses: 409 domain_taken).
    if (domain.status === 'failed' || domain.status === 'lost') {
      await lockHostClaims(ctx.tx, domain.hostname);
      await withConflicts(() =>
        ctx.tx.query(
          "UPDATE custom_domains SET status = 'pending', check_attempts = 0, next_check_at = now(), last_error = NULL WHERE id = $1",
          [args.id],
        ),
      );
    }
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'domain.verify_requested',
      resourceType: 'domain',
      resourceId: args.id,
    });
    ctx.effects.enqueue(
      verificationJob(args.id, 1, { recheck, jobId: manualJobId('domain-verify', args.id, ctx) }),
    );
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'domain', id: args.id, title: domain.hostname },
    };
  },
});

export const updateDomainCommand = defineCommand(updateDomain, {
  describe: describeDomain,
  run: async (ctx, edit) => {
    const domain = await lockDomain(ctx, edit.id, edit.workspace_id);
    const resource = { type: 'domain', id: edit.id, title: domain.hostname };
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      current: await storedFields(
        ctx,
        edit.base,
        `SELECT d.purpose, d.root_handle, d.not_found_url, d.root_redirect_url, d.expired_url, (w.default_link_domain_id IS NOT DISTINCT FROM d.id) AS default_for_links
             FROM custom_domains d JOIN workspaces w ON w.id = d.workspace_id WHERE d.id = $1`,
        [edit.id],
      ),
      resource: { ...resource, workspaceId: edit.workspace_id },
      mutation: updateDomain.name,
      ref: { id: edit.id, workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['id', 'workspace_id'])) return { workspaceId: edit.workspace_id, resource };
    const purpose = args.purpose ?? domain.purpose;
    if (args.root_handle) {
      if (purpose === 'links')
        throw new ValidationError([{ field: 'root_handle', issue: 'not_applicable' }], {
          message: 'A domain used only for short links has no root page.',
        });
      const page = await one<{ id: string }>(
        ctx.tx,
        'SELECT id FROM bio_pages WHERE domain_id = $1 AND handle = $2 AND deleted_at IS NULL',
        [args.id, args.root_handle],
      );
      if (!page)
        throw new ValidationError([{ field: 'root_handle', issue: 'not_found' }], {
          message: `No bio page on ${domain.hostname} has the handle ${args.root_handle}.`,
        });
    }
    // Where a mistyped slug on this domain sends visitors: checked like every other destination.
    if (args.not_found_url) await assertSafeDestination(args.not_found_url, ctx.resolveHost, 'not_found_url');
    if (args.root_redirect_url)
      await assertSafeDestination(args.root_redirect_url, ctx.resolveHost, 'root_redirect_url');
    if (args.expired_url) await assertSafeDestination(args.expired_url, ctx.resolveHost, 'expired_url');
    await ctx.tx.query(
      `UPDATE custom_domains SET purpose = COALESCE($2, purpose),
                root_handle = CASE WHEN $3 THEN $4 ELSE root_handle END,
                not_found_url = CASE WHEN $5 THEN $6 ELSE not_found_url END,
                root_redirect_url = CASE WHEN $7 THEN $8 ELSE root_redirect_url END,
                expired_url = CASE WHEN $9 THEN $10 ELSE expired_url END,
                updated_at = now()
          WHERE id = $1`,
      [
        args.id,
        args.purpose ?? null,
        args.root_handle !== undefined,
        args.root_handle ?? null,
        args.not_found_url !== undefined,
        args.not_found_url ?? null,
        args.root_redirect_url !== undefined,
        args.root_redirect_url ?? null,
        args.expired_url !== undefined,
        args.expired_url ?? null,
      ],
    );
    if (args.default_for_links !== undefined) {
      if (args.default_for_links && purpose === 'bio')
        throw new ValidationError([{ field: 'default_for_links', issue: 'not_applicable' }], {
          message: 'A domain used only for bio pages cannot hold new links.',
        });
      // The domain rows whose default flag changes are touched so their row versions move and every editor pulls them.
      await ctx.tx.query(
        `WITH previous AS (SELECT default_link_domain_id AS id FROM workspaces WHERE id = $1 FOR UPDATE),
                changed AS (UPDATE workspaces SET default_link_domain_id = CASE WHEN $3 THEN $2::uuid
                                 WHEN default_link_domain_id = $2::uuid THEN NULL ELSE default_link_domain_id END
                             WHERE id = $1 RETURNING default_link_domain_id)
           UPDATE custom_domains SET updated_at = now()
            WHERE id IN (SELECT id FROM previous UNION SELECT default_link_domain_id FROM changed) AND id <> $2::uuid`,
        [args.workspace_id, args.id, args.default_for_links],
      );
    }
    await recordChange(ctx, {
      workspaceId: args.workspace_id,
      action: 'domain.updated',
      resourceType: 'domain',
      resourceId: args.id,
      table: 'custom_domains',
      rowId: args.id,
      before: domain,
      fields: ['purpose', 'root_handle', 'not_found_url', 'root_redirect_url', 'expired_url'],
      metadata: args.default_for_links === undefined ? {} : { default_for_links: args.default_for_links },
    });
    // What the edge reads of the host: its route (purpose, branding) and its root page.
    scheduleCacheRefresh(ctx, ctx.deps.cache, { kind: 'domain', host: domain.hostname });
    scheduleCacheRefresh(ctx, ctx.deps.cache, { kind: 'root_page', host: domain.hostname });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'domain', id: args.id, title: domain.hostname },
    };
  },
});

export const retryDomainCertificateCommand = defineCommand(retryDomainCertificate, {
  describe: describeDomain,
  run: async (ctx, args) => {
    const domain = await lockDomain(ctx, args.id, args.workspace_id);
    if (domain.status !== 'verified')
      throw new ConflictError('conflict', {
        message: 'A certificate is ordered once the domain is verified.',
        details: [{ field: 'domain', issue: 'not_verified' }],
      });
    const { rows } = await ctx.tx.query<{ tls_attempts: number }>(
      "UPDATE custom_domains SET tls_next_attempt_at = NULL, tls_last_error = NULL, tls_status = CASE WHEN tls_status = 'issued' THEN 'issued' ELSE 'pending' END WHERE id = $1 RETURNING tls_attempts",
      [args.id],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'domain.tls_retry_requested',
      resourceType: 'domain',
      resourceId: args.id,
    });
    ctx.effects.enqueue(
      certificateJob(args.id, 'issue', (rows[0]?.tls_attempts ?? 0) + 1, {
        jobId: manualJobId('domain-certificate', args.id, ctx),
      }),
    );
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'domain', id: args.id, title: domain.hostname },
    };
  },
});

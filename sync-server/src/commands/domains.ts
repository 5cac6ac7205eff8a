import { randomBytes } from 'node:crypto';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { addDomain, removeDomain } from '@linkhub/shared/mutators/domains';
import { one } from '@linkhub/shared/db/sql';
import { scheduleCacheRefresh, type CacheDeps } from './redirect-cache';
import { audit, withConflicts } from './support';
import { defineCommand, type Command } from './types';

/**
 * Custom domains: added pending a DNS TXT check by the worker; removal never strands a printed QR
 * code. After commit the host's `dom:host:` entry is rebuilt (a pending or removed host has none),
 * and on removal every key on the host with it (plain links and pages purged; QR keys are never
 * touched, and a domain with QR codes cannot be removed).
 */
export function domainCommands(cache: CacheDeps): Command[] {
  const add = defineCommand(addDomain, {
    run: async (ctx, args) => {
      const token = randomBytes(16).toString('hex');
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
      ctx.effects.enqueue({
        queue: 'domain-verify',
        name: 'domain-verify',
        data: { domain_id: args.id, attempt: 1 },
        jobId: `domain-verify-${args.id}-1`,
      });
      // A host name reused after an earlier removal must not keep an old routing entry.
      scheduleCacheRefresh(ctx, cache, { kind: 'domain', host: args.hostname });
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return {
        workspaceId: args.workspace_id,
        resource: { type: 'domain', id: args.id, title: args.hostname },
      };
    },
  });

  const remove = defineCommand(removeDomain, {
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
      scheduleCacheRefresh(ctx, cache, { kind: 'resource', resource_type: 'domain', id: args.id });
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return {
        workspaceId: args.workspace_id,
        resource: { type: 'domain', id: args.id, title: domain.hostname },
      };
    },
  });

  return [add, remove];
}

import type { customDomains } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import type { Host } from './system-hosts';
import type { CommandContext } from './types';

export type { Host } from './system-hosts';

/** The host a new link or QR code lives on: a verified domain of the workspace, else the system link host. */
export async function linkHostFor(
  ctx: CommandContext,
  workspaceId: string,
  domainId: string | undefined,
): Promise<Host> {
  const host = domainId
    ? await one<Host>(
        ctx.tx,
        `SELECT id, hostname FROM custom_domains
          WHERE id = $1 AND deleted_at IS NULL AND status = 'verified' AND purpose <> 'bio'
            AND (workspace_id = $2 OR is_system)`,
        [domainId, workspaceId],
      )
    : await ctx.systemHosts.find(ctx.tx, ctx.hosts.linkHost);
  if (!host)
    throw new NotFoundError({
      message: 'That domain does not exist in this workspace.',
      details: [{ field: 'domain', issue: 'not_found' }],
    });
  return host;
}

/** The host a bio page lives on: a verified bio/all-purpose domain of the workspace, else the system bio host. */
export async function bioHostFor(
  ctx: CommandContext,
  workspaceId: string,
  domainId: string | undefined,
): Promise<Host> {
  const host = domainId
    ? await one<Host>(
        ctx.tx,
        `SELECT id, hostname FROM custom_domains
          WHERE id = $1 AND deleted_at IS NULL AND status = 'verified' AND purpose <> 'links'
            AND (workspace_id = $2 OR (is_system AND hostname = $3))`,
        [domainId, workspaceId, ctx.hosts.bioHost],
      )
    : await ctx.systemHosts.find(ctx.tx, ctx.hosts.bioHost);
  if (!host)
    throw new NotFoundError({
      message: domainId
        ? 'That domain is not a verified bio domain of this workspace.'
        : 'The bio host is not configured.',
      details: [{ field: 'domain_id', issue: 'not_found' }],
    });
  return host;
}

export async function hostOf(ctx: CommandContext, domainId: string): Promise<string> {
  const row = await one<RowOf<typeof customDomains, 'hostname'>>(
    ctx.tx,
    'SELECT hostname FROM custom_domains WHERE id = $1',
    [domainId],
  );
  return row?.hostname ?? '';
}

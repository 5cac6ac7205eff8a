import { scheduleRedirectRefresh, type CacheDeps } from './redirect-cache';
import { audit, grantToCreator, snapshotVersion } from './support';
import type { CommandContext, CommandResult } from './types';

/** Links and QR codes share one namespace per host; what follows the insert of either is the same. */
const KINDS = {
  link: { versions: 'link_versions', owner: 'link_id', table: 'links' },
  qr_code: { versions: 'qr_code_versions', owner: 'qr_code_id', table: 'qr_codes' },
} as const;

export type CreatedAddress = {
  kind: keyof typeof KINDS;
  id: string;
  workspaceId: string;
  host: string;
  slug: string;
  destinationUrl: string;
  title: string | undefined;
};

/** First version snapshot, the creator's auto-grant, the audit entry, cache write-through and poke. */
export async function afterAddressCreated(
  ctx: CommandContext,
  cache: CacheDeps,
  created: CreatedAddress,
): Promise<CommandResult> {
  const kind = KINDS[created.kind];
  await snapshotVersion(ctx.tx, kind.versions, kind.owner, kind.table, created.id, ctx.by.userId, 'created');
  await grantToCreator(ctx, created.workspaceId, created.kind, created.id);
  await audit(ctx, {
    workspaceId: created.workspaceId,
    action: `${created.kind}.created`,
    resourceType: created.kind,
    resourceId: created.id,
    after: { slug: created.slug, host: created.host, destination_url: created.destinationUrl },
  });
  scheduleRedirectRefresh(ctx, cache, created.host, created.slug);
  ctx.effects.poke({ workspaceId: created.workspaceId });
  return {
    workspaceId: created.workspaceId,
    resource: { type: created.kind, id: created.id, title: created.title ?? created.slug },
    value: { slug: created.slug, host: created.host },
  };
}

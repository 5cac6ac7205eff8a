import type { CommandContext } from '../../kernel/types';
import { snapshotVersionAndAudit, audit } from '../../kernel/support';
import type { ExperimentRow, VariantRow } from './experiment-row';
import { promotePageWinner } from './promote-page';
import type { TestedResource } from './tested-resource';

/**
 * The winner becomes the resource's plain configuration: a bio page's through its draft
 * (promote-page.ts, D-320); a link's or QR code's destination is written like any edit (a new
 * version, an audit entry naming the experiment, the resource's webhook event). The experiment's own
 * audit entry records the promotion. QR destination changes are audited forever (docs/product-rules.md#data-model).
 */
export async function promoteWinner(
  ctx: CommandContext,
  resource: TestedResource,
  row: ExperimentRow,
  winner: VariantRow,
): Promise<void> {
  if (resource.type === 'bio_page') {
    const page = await promotePageWinner(ctx, row, winner);
    await audit(ctx, {
      workspaceId: row.workspace_id,
      action: 'experiment.promoted',
      resourceType: 'experiment',
      resourceId: row.id,
      after: {
        winner_variant_id: winner.id,
        winner_key: winner.key,
        page_changed: page.changed,
        published: page.published,
      },
    });
    // Webhook listeners hear of a page when the public sees it change (a draft edit emits nothing).
    if (page.published)
      await ctx.webhookEvents.emitResourceEvent(
        ctx,
        'bio_page',
        'bio_page.published',
        row.workspace_id,
        resource.id,
      );
    return;
  }
  const destination = winner.destination_url;
  const changed = destination !== null && destination !== resource.destinationUrl;
  if (changed && resource.type === 'link') {
    await ctx.tx.query(
      `UPDATE links SET destination_url = $2, current_version = current_version + 1, updated_by_user_id = $3, updated_at = now()
        WHERE id = $1`,
      [resource.id, destination, ctx.by.userId],
    );
    await snapshotVersionAndAudit(
      ctx,
      {
        table: 'link_versions',
        ownerColumn: 'link_id',
        source: 'links',
        id: resource.id,
        summary: `promoted ${winner.name}`,
      },
      {
        workspaceId: row.workspace_id,
        action: 'link.destination_changed',
        resourceType: 'link',
        resourceId: resource.id,
        before: { destination_url: resource.destinationUrl },
        after: { destination_url: destination, experiment_id: row.id },
      },
    );
    await ctx.webhookEvents.emitResourceEvent(ctx, 'link', 'link.updated', row.workspace_id, resource.id);
  }
  if (changed && resource.type === 'qr_code') {
    await ctx.tx.query(
      `UPDATE qr_codes SET destination_url = $2, last_good_destination = $2, last_good_destination_at = now(),
              current_version = current_version + 1, updated_by_user_id = $3, updated_at = now()
        WHERE id = $1`,
      [resource.id, destination, ctx.by.userId],
    );
    await snapshotVersionAndAudit(
      ctx,
      {
        table: 'qr_code_versions',
        ownerColumn: 'qr_code_id',
        source: 'qr_codes',
        id: resource.id,
        summary: `promoted ${winner.name}`,
      },
      {
        workspaceId: row.workspace_id,
        action: 'qr_code.destination_changed',
        resourceType: 'qr_code',
        resourceId: resource.id,
        before: { destination_url: resource.destinationUrl },
        after: { destination_url: destination, experiment_id: row.id },
      },
    );
    await ctx.webhookEvents.emitResourceEvent(
      ctx,
      'qr_code',
      'qr_code.updated',
      row.workspace_id,
      resource.id,
    );
  }
  await audit(ctx, {
    workspaceId: row.workspace_id,
    action: 'experiment.promoted',
    resourceType: 'experiment',
    resourceId: row.id,
    after: { winner_variant_id: winner.id, winner_key: winner.key, destination_url: destination },
  });
}

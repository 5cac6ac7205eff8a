import { ValidationError } from '@linkhub/shared/errors/app-error';
import type { CommandContext } from '../commands/types';
import { snapshotVersionAndAudit, audit } from '../commands/support';
import type { ExperimentRow, VariantRow } from './experiment-row';
import type { TestedResource } from './tested-resource';

/**
 * The winner becomes the resource's plain configuration: its destination is written to the link or
 * QR code like any edit (a new version, an audit entry naming the experiment), and the experiment's
 * own audit entry records the promotion. QR destination changes are audited forever (DESIGN §3).
 */
export async function promoteWinner(
  ctx: CommandContext,
  resource: TestedResource,
  row: ExperimentRow,
  winner: VariantRow,
): Promise<void> {
  // A page's plain configuration is its editor draft + publish: the winning variant is not written over it (D-279).
  if (resource.type === 'bio_page')
    throw new ValidationError(
      [
        {
          field: 'resource_type',
          issue: 'not_supported',
          message: 'Conclude the test, then apply the winning variant in the page editor and publish.',
        },
      ],
      { message: 'A bio page test is concluded, not promoted.' },
    );
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
  }
  await audit(ctx, {
    workspaceId: row.workspace_id,
    action: 'experiment.promoted',
    resourceType: 'experiment',
    resourceId: row.id,
    after: { winner_variant_id: winner.id, winner_key: winner.key, destination_url: destination },
  });
}

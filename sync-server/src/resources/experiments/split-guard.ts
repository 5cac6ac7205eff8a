import type { experiments } from '@linkhub/shared/server/db/schema/experiments';
import type { links } from '@linkhub/shared/server/db/schema/links';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { ConflictError } from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import { snapshotVersionAndAudit } from '../../kernel/support';
import type { CommandContext } from '../../kernel/types';
import type { TestedResource } from './tested-resource';

/**
 * One A/B concept per link (D-515): a link's weighted split and an A/B test never both decide where
 * its visitors go. Starting a test on a link that splits asks first (409 `split_active`); with
 * `replace_split` the split is cleared in the same transaction (the link's history keeps it), and
 * while a test runs or is paused the split cannot be set.
 */
type SplitEntry = { id?: string; url: string; weight: number };

async function splitOf(ctx: CommandContext, workspaceId: string, linkId: string): Promise<SplitEntry[]> {
  const row = await one<RowOf<typeof links, 'destinations'>>(
    ctx.tx,
    `SELECT destinations FROM links WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [linkId, workspaceId],
  );
  const list = Array.isArray(row?.destinations) ? (row.destinations as unknown[]) : [];
  return list.flatMap((d) => {
    if (typeof d !== 'object' || d === null) return [];
    const entry = d as Record<string, unknown>;
    return typeof entry.url === 'string' && typeof entry.weight === 'number'
      ? [{ url: entry.url, weight: entry.weight, ...(typeof entry.id === 'string' ? { id: entry.id } : {}) }]
      : [];
  });
}

/** "60 % to https://a.example, 40 % to https://b.example": the split as the refusal names it. */
export function describeSplit(split: readonly SplitEntry[]): string {
  return split.map((d) => `${d.weight} % to ${d.url}`).join(', ');
}

/**
 * Before a test on this resource starts deciding: a link with a split refuses unless the caller chose
 * to replace it, then the split is cleared (a new link version, audited as `link.split_replaced`).
 * True when it cleared one (the link's cached redirect must then be refreshed after commit).
 */
export async function settleSplit(
  ctx: CommandContext,
  workspaceId: string,
  resource: Pick<TestedResource, 'type' | 'id'>,
  replaceSplit: boolean,
): Promise<boolean> {
  if (resource.type !== 'link') return false;
  const split = await splitOf(ctx, workspaceId, resource.id);
  if (split.length === 0) return false;
  if (!replaceSplit)
    throw new ConflictError('split_active', {
      message: `This link splits traffic between ${split.length} destinations (${describeSplit(split)}). Starting a test replaces the split; send "replace_split": true to do so (the split is kept in the link's history).`,
      details: [
        {
          field: 'replace_split',
          issue: 'split_active',
          destinations: split.map((d) => d.url),
          weights: split.map((d) => String(d.weight)),
          split: describeSplit(split),
        },
      ],
    });
  await ctx.tx.query(
    `UPDATE links SET destinations = '[]'::jsonb, current_version = current_version + 1,
            updated_by_user_id = $2, updated_at = now() WHERE id = $1`,
    [resource.id, ctx.by.userId],
  );
  await snapshotVersionAndAudit(
    ctx,
    {
      table: 'link_versions',
      ownerColumn: 'link_id',
      source: 'links',
      id: resource.id,
      summary: 'split replaced by an A/B test',
    },
    {
      workspaceId,
      action: 'link.split_replaced',
      resourceType: 'link',
      resourceId: resource.id,
      before: { destinations: split },
      after: { destinations: [] },
    },
  );
  return true;
}

/** A link's split may not be set while a test on it runs or is paused: the test decides (D-515). */
export async function assertNoTestDecides(
  ctx: CommandContext,
  workspaceId: string,
  linkId: string,
): Promise<void> {
  const test = await one<RowOf<typeof experiments, 'id' | 'name' | 'status'>>(
    ctx.tx,
    `SELECT id, name, status FROM experiments
      WHERE workspace_id = $1 AND resource_type = 'link' AND resource_id = $2 AND status IN ('running', 'paused')`,
    [workspaceId, linkId],
  );
  if (test)
    throw new ConflictError('experiment_running', {
      message: `The A/B test "${test.name}" is ${test.status} on this link and decides where visitors go. End it before setting a split.`,
      details: [{ field: 'destinations', issue: 'experiment_running', experiment_id: test.id }],
    });
}

import type { experiments } from '@linkhub/shared/server/db/schema/experiments';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { ConflictError, ValidationError } from '@linkhub/shared/errors/app-error';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { one } from '@linkhub/shared/server/db/sql';
import { nextState, type ExperimentState, type ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import { loadVariants, type ExperimentRow, type VariantRow } from './experiment-row';
import { loadTestedResource, type TestedResource } from './tested-resource';
import { schedulePageRefresh, scheduleRedirectRefresh } from '../../kernel/redirect-cache';
import type { CommandContext, CommandResult, DescribeRefused } from '../../kernel/types';

/** The lifecycle decides (the matrix's C8 rows already refused any other state at authorize). */
export function assertStep(step: ExperimentStep, row: ExperimentRow): ExperimentState {
  const next = nextState(step, row.status);
  if (next === null)
    throw new ConflictError('invalid_state_transition', {
      details: [{ field: 'state', issue: 'invalid_state', state: row.status, step }],
    });
  return next;
}

export const describeExperiment: DescribeRefused = async (ctx, raw) => {
  const args = raw as { id?: unknown; workspace_id?: unknown };
  if (typeof args.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(args.id)) return { workspaceId: null };
  const row = await one<RowOf<typeof experiments, 'name' | 'workspaceId'>>(
    ctx.tx,
    'SELECT name, workspace_id FROM experiments WHERE id = $1',
    [args.id],
  );
  return row && row.workspace_id === args.workspace_id
    ? { workspaceId: row.workspace_id, resource: { type: 'experiment', id: args.id, title: row.name } }
    : { workspaceId: null };
};

export const experimentResult = (row: ExperimentRow): CommandResult => ({
  workspaceId: row.workspace_id,
  resource: { type: 'experiment', id: row.id, title: row.name },
});

/** The one-active-experiment-per-resource index, as the error a user can act on. */
export async function withActiveSlot<T>(statement: () => Promise<T>): Promise<T> {
  try {
    return await statement();
  } catch (error) {
    if (pgErrorInfo(error)?.constraint === 'ux_experiments_resource_active')
      throw new ConflictError('conflict', {
        message: 'Another experiment is already running or paused on this resource.',
        details: [{ field: 'resource_id', issue: 'experiment_already_active' }],
      });
    throw error;
  }
}

/** After commit, the tested address serves again what it should (the edge assigns variants only while running). */
export function scheduleTestedRefresh(ctx: CommandContext, resource: TestedResource): void {
  // The running experiment travels in the page's snapshot (D-279) as in the redirect payload.
  if (resource.type === 'bio_page') schedulePageRefresh(ctx, ctx.deps.cache, resource.host, resource.slug);
  else scheduleRedirectRefresh(ctx, ctx.deps.cache, resource.host, resource.slug);
}

/** A step that changes what visitors get: refresh the tested address after commit and poke the workspace. */
export async function refreshTested(ctx: CommandContext, row: ExperimentRow): Promise<TestedResource> {
  const resource = await loadTestedResource(ctx.tx, row.workspace_id, row.resource_type, row.resource_id);
  scheduleTestedRefresh(ctx, resource);
  ctx.effects.poke({ workspaceId: row.workspace_id });
  return resource;
}

/** The winner of the latest analysis of the current arm period, if it named one. */
export async function analysedWinner(ctx: CommandContext, row: ExperimentRow): Promise<string | null> {
  const found = await one<{ winner: string | null }>(
    ctx.tx,
    `SELECT analysis #>> '{verdict,variant_id}' AS winner FROM experiment_results
      WHERE experiment_id = $1 AND arm_period = $2 AND analysis #>> '{verdict,kind}' = 'winner'`,
    [row.id, row.arm_period],
  );
  return found?.winner ?? null;
}

export async function assertVariantOf(
  ctx: CommandContext,
  row: ExperimentRow,
  variantId: string,
): Promise<VariantRow> {
  const variant = (await loadVariants(ctx.tx, [row.id])).find((v) => v.id === variantId);
  if (!variant)
    throw new ValidationError([
      {
        field: 'winner_variant_id',
        issue: 'not_a_variant',
        message: 'That is not a variant of this experiment.',
      },
    ]);
  return variant;
}

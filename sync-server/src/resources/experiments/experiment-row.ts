import type { experimentVariants } from '@linkhub/shared/server/db/schema/experiments';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { experiments } from '@linkhub/shared/server/db/schema/experiments';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { ExperimentGoal } from '@linkhub/shared/experiments/schemas';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';

export type ExperimentRow = RowOf<
  typeof experiments,
  | 'id'
  | 'workspaceId'
  | 'resourceType'
  | 'resourceId'
  | 'name'
  | 'status'
  | 'goalBlockId'
  | 'appendClickId'
  | 'baselineRate'
  | 'minimumEffect'
  | 'alpha'
  | 'armPeriod'
  | 'armStartedAt'
  | 'startedAt'
  | 'endedAt'
  | 'promotedAt'
  | 'winnerVariantId'
  | 'createdAt'
  | 'updatedAt'
> & {
  /** The goals this API sets (the column's type also names `page_views`, which nothing writes). */
  goal: ExperimentGoal;
};

export type VariantRow = RowOf<
  typeof experimentVariants,
  'id' | 'experimentId' | 'key' | 'name' | 'isControl' | 'weight' | 'destinationUrl' | 'payload'
>;

export const EXPERIMENT_COLUMNS = `id, workspace_id, resource_type, resource_id, name, status, goal, goal_block_id,
  append_click_id, baseline_rate, minimum_effect, alpha, arm_period, arm_started_at, started_at, ended_at,
  promoted_at, winner_variant_id, created_at, updated_at`;

/** One live experiment of the workspace (locked for the command's transaction when `forUpdate`). */
export async function loadExperiment(
  db: Queryable,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<ExperimentRow> {
  const row = await one<ExperimentRow>(
    db,
    `SELECT ${EXPERIMENT_COLUMNS} FROM experiments WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL${forUpdate ? ' FOR UPDATE' : ''}`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function loadVariants(db: Queryable, experimentIds: readonly string[]): Promise<VariantRow[]> {
  if (experimentIds.length === 0) return [];
  return rows<VariantRow>(
    db,
    `SELECT id, experiment_id, key, name, is_control, weight, destination_url, payload
       FROM experiment_variants WHERE experiment_id = ANY($1::uuid[]) ORDER BY experiment_id, is_control DESC, key`,
    [experimentIds],
  );
}

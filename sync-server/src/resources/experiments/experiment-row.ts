import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { ExperimentGoal, ExperimentResourceType } from '@linkhub/shared/experiments/schemas';
import type { ExperimentState } from '@linkhub/shared/experiments/lifecycle';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';

export type ExperimentRow = {
  id: string;
  workspace_id: string;
  resource_type: ExperimentResourceType;
  resource_id: string;
  name: string;
  status: ExperimentState;
  goal: ExperimentGoal;
  goal_block_id: string | null;
  append_click_id: boolean;
  baseline_rate: number;
  minimum_effect: number;
  alpha: number;
  arm_period: number;
  arm_started_at: Date | null;
  started_at: Date | null;
  ended_at: Date | null;
  promoted_at: Date | null;
  winner_variant_id: string | null;
  created_at: Date;
  updated_at: Date;
};

export type VariantRow = {
  id: string;
  experiment_id: string;
  key: string;
  name: string;
  is_control: boolean;
  weight: number;
  destination_url: string | null;
  /** Bio pages: the variant's page change (`{}` otherwise). */
  payload: unknown;
};

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

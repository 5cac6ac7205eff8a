import type { experimentResults as experimentResultsTable } from '@linkhub/shared/server/db/schema/experiments';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { pageVariantChangeSchema, type PageVariantChange } from '@linkhub/shared/experiments/page-experiment';
import { stepsFrom } from '@linkhub/shared/experiments/lifecycle';
import {
  experimentAnalysisSchema,
  type ExperimentListQuery,
  type ExperimentResultsView,
  type ExperimentView,
} from '@linkhub/shared/experiments/schemas';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { ListSql, cursorColumn } from '../../http/list-sql';
import type { ReadScope } from '../../http/caller';
import { EXPERIMENT_COLUMNS, loadVariants, type ExperimentRow, type VariantRow } from './experiment-row';

const iso = (d: Date | null) => (d === null ? null : d.toISOString());

export function serializeExperiment(row: ExperimentRow, variants: readonly VariantRow[]): ExperimentView {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    resource_type: row.resource_type,
    resource_id: row.resource_id,
    name: row.name,
    status: row.status,
    goal: row.goal,
    goal_block_id: row.goal_block_id,
    append_click_id: row.append_click_id,
    baseline_rate: row.baseline_rate,
    minimum_effect: row.minimum_effect,
    alpha: row.alpha,
    arm_period: row.arm_period,
    arm_started_at: iso(row.arm_started_at),
    started_at: iso(row.started_at),
    ended_at: iso(row.ended_at),
    promoted_at: iso(row.promoted_at),
    winner_variant_id: row.winner_variant_id,
    variants: variants
      .filter((v) => v.experiment_id === row.id)
      .map((v) => ({
        id: v.id,
        key: v.key,
        name: v.name,
        is_control: v.is_control,
        weight: v.weight,
        destination_url: v.destination_url,
        page: pageChangeOf(v.payload),
      })),
    next_steps: stepsFrom(row.status),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** One experiment of the workspace, with its variants; undefined when missing (or deleted). */
export async function findExperiment(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<ExperimentView | undefined> {
  const row = await one<ExperimentRow>(
    db,
    `SELECT ${EXPERIMENT_COLUMNS} FROM experiments WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [id, workspaceId],
  );
  return row ? serializeExperiment(row, await loadVariants(db, [row.id])) : undefined;
}

/**
 * The workspace's experiments, newest first. A scoped member sees those of granted resources only
 * (`grantedResourceIds`): an experiment is governed by what it tests.
 */
export async function listExperiments(
  db: Queryable,
  scope: ReadScope,
  grantedResourceIds: string[] | null,
  query: ExperimentListQuery,
): Promise<Array<ExperimentView & { cursor_at: string }>> {
  const sql = new ListSql('e', { workspaceId: scope.workspaceId, grantedIds: null }).add(
    'e.deleted_at IS NULL',
  );
  if (grantedResourceIds !== null) sql.add('e.resource_id = ANY($?::uuid[])', grantedResourceIds);
  if (query.resource_id !== undefined) sql.add('e.resource_id = $?', query.resource_id);
  if (query.status !== undefined) sql.add('e.status = $?', query.status);
  const tail = sql.cursor(query.cursor).tail(query.limit);
  const found = await rows<ExperimentRow & { cursor_at: string }>(
    db,
    `SELECT ${EXPERIMENT_COLUMNS.split(',')
      .map((c) => `e.${c.trim()}`)
      .join(', ')}, ${cursorColumn('e')} FROM experiments e ${tail}`,
    sql.values,
  );
  const variants = await loadVariants(
    db,
    found.map((r) => r.id),
  );
  return found.map((r) => ({ ...serializeExperiment(r, variants), cursor_at: r.cursor_at }));
}

/** The latest analysis of the experiment's current arm period (null until the worker has computed one). */
export async function experimentResults(
  db: Queryable,
  experiment: Pick<ExperimentView, 'id' | 'arm_period'>,
): Promise<ExperimentResultsView> {
  const row = await one<RowOf<typeof experimentResultsTable, 'analysis' | 'computedAt'>>(
    db,
    'SELECT analysis, computed_at FROM experiment_results WHERE experiment_id = $1 AND arm_period = $2',
    [experiment.id, experiment.arm_period],
  );
  const parsed = row ? experimentAnalysisSchema.safeParse(row.analysis) : null;
  return {
    experiment_id: experiment.id,
    arm_period: experiment.arm_period,
    computed_at: row ? row.computed_at.toISOString() : null,
    analysis: parsed?.success ? parsed.data : null,
  };
}

/** The stored page change of a variant, or null when it changes nothing (links, QR codes, a page's control). */
function pageChangeOf(payload: unknown): PageVariantChange | null {
  const parsed = pageVariantChangeSchema.safeParse(payload);
  return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
}

import { ConflictError } from '@linkhub/shared/errors/app-error';
import { updateExperiment } from '@linkhub/shared/mutators/experiments';
import { loadExperiment } from './experiment-row';
import { loadTestedResource } from './tested-resource';
import { assertStep, describeExperiment, experimentResult, refreshTested } from './step-support';
import { insertVariants, variantRows } from './variants';
import { keepNewerFields, nothingLeft, storedFields } from '../../kernel/field-conflicts';
import { EXPERIMENT_BASE_FIELDS } from '@linkhub/shared/experiments/schemas';
import { recordChange } from '../../kernel/change-record';
import { defineCommand } from '../../kernel/types';

/** updateExperiment: a draft changes freely; a started test's new variants or weights begin a new arm period (D-273). */
export const updateExperimentCommand = defineCommand(updateExperiment, {
  describe: describeExperiment,
  run: async (ctx, edit) => {
    const row = await loadExperiment(ctx.tx, edit.workspace_id, edit.id, true);
    assertStep('update', row);
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      current: await storedFields(
        ctx,
        edit.base,
        `SELECT ${EXPERIMENT_BASE_FIELDS.join(', ')} FROM experiments WHERE id = $1`,
        [edit.id],
      ),
      resource: { type: 'experiment', id: row.id, workspaceId: row.workspace_id, title: row.name },
      mutation: updateExperiment.name,
      ref: { id: edit.id, workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['id', 'workspace_id'])) return experimentResult(row);
    const started = row.status !== 'draft';
    // The plan is announced before the start: choosing it after seeing data would bend the test.
    if (started && (args.baseline_rate !== undefined || args.minimum_effect !== undefined))
      throw new ConflictError('invalid_state_transition', {
        message: 'The test plan is fixed once the experiment has started.',
        details: [
          {
            field: args.baseline_rate !== undefined ? 'baseline_rate' : 'minimum_effect',
            issue: 'fixed_after_start',
          },
        ],
      });
    const newArm = started && args.variants !== undefined;
    await ctx.tx.query(
      `UPDATE experiments SET name = coalesce($2, name), baseline_rate = coalesce($3, baseline_rate),
              minimum_effect = coalesce($4, minimum_effect),
              arm_period = arm_period + CASE WHEN $5 THEN 1 ELSE 0 END,
              arm_started_at = CASE WHEN $5 AND status = 'running' THEN now() WHEN $5 THEN NULL ELSE arm_started_at END,
              winner_variant_id = CASE WHEN $6 THEN NULL ELSE winner_variant_id END
        WHERE id = $1`,
      [
        args.id,
        args.name ?? null,
        args.baseline_rate ?? null,
        args.minimum_effect ?? null,
        newArm,
        args.variants !== undefined,
      ],
    );
    if (args.variants !== undefined) {
      const resource = await loadTestedResource(ctx.tx, row.workspace_id, row.resource_type, row.resource_id);
      const ids = args.variant_ids ?? args.variants.map(() => crypto.randomUUID());
      const variants = await variantRows(ctx, resource, args.variants, ids);
      await ctx.tx.query('DELETE FROM experiment_variants WHERE experiment_id = $1', [args.id]);
      await insertVariants(ctx, args.id, args.workspace_id, variants);
    }
    await recordChange(ctx, {
      workspaceId: row.workspace_id,
      action: newArm ? 'experiment.new_arm_period' : 'experiment.updated',
      resourceType: 'experiment',
      resourceId: row.id,
      table: 'experiments',
      rowId: row.id,
      before: row,
      fields: ['name', 'baseline_rate', 'minimum_effect', 'arm_period'],
      metadata: args.variants === undefined ? {} : { variants: args.variants.length },
    });
    if (row.status === 'running') await refreshTested(ctx, row);
    else ctx.effects.poke({ workspaceId: row.workspace_id });
    return experimentResult(row);
  },
});

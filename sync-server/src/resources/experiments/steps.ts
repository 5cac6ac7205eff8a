import {
  archiveExperiment,
  concludeExperiment,
  pauseExperiment,
  startExperiment,
} from '@linkhub/shared/mutators/experiments';
import { loadExperiment } from './experiment-row';
import { settleSplit } from './split-guard';
import {
  analysedWinner,
  assertStep,
  assertVariantOf,
  describeExperiment,
  experimentResult,
  refreshTested,
  withActiveSlot,
} from './step-support';
import { audit } from '../../kernel/support';
import { defineCommand } from '../../kernel/types';

/** The lifecycle steps that change only the experiment's state: start (or resume), pause, conclude, archive. */
export const startExperimentCommand = defineCommand(startExperiment, {
  describe: describeExperiment,
  run: async (ctx, args) => {
    const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
    assertStep('start', row);
    // A split set on the link after the draft was made: the test replaces it only when asked (D-515).
    await settleSplit(
      ctx,
      row.workspace_id,
      { type: row.resource_type, id: row.resource_id },
      args.replace_split === true,
    );
    await withActiveSlot(() =>
      ctx.tx.query(
        `UPDATE experiments SET status = 'running', started_at = coalesce(started_at, now()),
                arm_started_at = coalesce(arm_started_at, now())
          WHERE id = $1`,
        [args.id],
      ),
    );
    await audit(ctx, {
      workspaceId: row.workspace_id,
      action: row.status === 'paused' ? 'experiment.resumed' : 'experiment.started',
      resourceType: 'experiment',
      resourceId: row.id,
    });
    await refreshTested(ctx, row);
    return experimentResult(row);
  },
});

export const pauseExperimentCommand = defineCommand(pauseExperiment, {
  describe: describeExperiment,
  run: async (ctx, args) => {
    const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
    assertStep('pause', row);
    await ctx.tx.query("UPDATE experiments SET status = 'paused' WHERE id = $1", [args.id]);
    await audit(ctx, {
      workspaceId: row.workspace_id,
      action: 'experiment.paused',
      resourceType: 'experiment',
      resourceId: row.id,
    });
    await refreshTested(ctx, row);
    return experimentResult(row);
  },
});

export const concludeExperimentCommand = defineCommand(concludeExperiment, {
  describe: describeExperiment,
  run: async (ctx, args) => {
    const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
    assertStep('conclude', row);
    const winner = args.winner_variant_id ?? (await analysedWinner(ctx, row));
    if (winner !== null) await assertVariantOf(ctx, row, winner);
    await ctx.tx.query(
      "UPDATE experiments SET status = 'concluded', ended_at = now(), winner_variant_id = $2 WHERE id = $1",
      [args.id, winner],
    );
    await audit(ctx, {
      workspaceId: row.workspace_id,
      action: 'experiment.concluded',
      resourceType: 'experiment',
      resourceId: row.id,
      after: { winner_variant_id: winner },
    });
    await refreshTested(ctx, row);
    return experimentResult(row);
  },
});

export const archiveExperimentCommand = defineCommand(archiveExperiment, {
  describe: describeExperiment,
  run: async (ctx, args) => {
    const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
    assertStep('archive', row);
    await ctx.tx.query(
      "UPDATE experiments SET status = 'archived', ended_at = coalesce(ended_at, now()) WHERE id = $1",
      [args.id],
    );
    await audit(ctx, {
      workspaceId: row.workspace_id,
      action: 'experiment.archived',
      resourceType: 'experiment',
      resourceId: row.id,
    });
    if (row.status === 'paused') await refreshTested(ctx, row);
    else ctx.effects.poke({ workspaceId: row.workspace_id });
    return experimentResult(row);
  },
});

import { ValidationError } from '@linkhub/shared/errors/app-error';
import { promoteExperiment } from '@linkhub/shared/mutators/experiments';
import { loadExperiment } from './experiment-row';
import { promoteWinner } from './promote';
import { loadTestedResource } from './tested-resource';
import {
  assertStep,
  assertVariantOf,
  describeExperiment,
  experimentResult,
  scheduleTestedRefresh,
} from './step-support';
import { defineCommand } from '../../kernel/types';

/** promoteExperiment: the concluded test's winner becomes the resource's plain configuration (resources/experiments/promote.ts). */
export const promoteExperimentCommand = defineCommand(promoteExperiment, {
  describe: describeExperiment,
  run: async (ctx, args) => {
    const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
    assertStep('promote', row);
    const winnerId = args.winner_variant_id ?? row.winner_variant_id;
    if (winnerId === null)
      throw new ValidationError([
        { field: 'winner_variant_id', issue: 'required', message: 'Choose the variant to keep.' },
      ]);
    const winner = await assertVariantOf(ctx, row, winnerId);
    const resource = await loadTestedResource(ctx.tx, row.workspace_id, row.resource_type, row.resource_id);
    await promoteWinner(ctx, resource, row, winner);
    await ctx.tx.query(
      "UPDATE experiments SET status = 'promoted', promoted_at = now(), winner_variant_id = $2 WHERE id = $1",
      [args.id, winner.id],
    );
    scheduleTestedRefresh(ctx, resource);
    ctx.effects.poke({ workspaceId: row.workspace_id });
    return experimentResult(row);
  },
});

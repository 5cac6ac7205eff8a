import { ValidationError } from '@linkhub/shared/errors/app-error';
import { createExperiment } from '@linkhub/shared/mutators/experiments';
import { settleSplit } from './split-guard';
import { loadTestedResource } from './tested-resource';
import { scheduleTestedRefresh } from './step-support';
import { insertVariants, variantRows } from './variants';
import { audit } from '../../kernel/support';
import { defineCommand } from '../../kernel/types';

/** Links and QR codes convert on a reported conversion; their visits are the exposures. */
const GOAL_BY_TYPE = { link: 'conversions', qr_code: 'conversions', bio_page: 'clicks' } as const;

/** createExperiment: a draft with its variants (checked against the tested resource) and the announced plan. */
export const createExperimentCommand = defineCommand(createExperiment, {
  describe: async (_ctx, raw) => ({
    workspaceId: null,
    resource: {
      type: 'experiment',
      id: String((raw as { id?: unknown }).id ?? ''),
      title: String((raw as { name?: unknown }).name ?? 'a new experiment'),
    },
  }),
  run: async (ctx, args) => {
    const resource = await loadTestedResource(
      ctx.tx,
      args.workspace_id,
      args.resource_type,
      args.resource_id,
    );
    const goal = args.goal ?? GOAL_BY_TYPE[args.resource_type];
    if (goal !== GOAL_BY_TYPE[args.resource_type])
      throw new ValidationError([
        {
          field: 'goal',
          issue: 'not_supported',
          message:
            args.resource_type === 'bio_page'
              ? 'A bio page test converts on a click-through (goal "clicks").'
              : 'A link or QR code test converts on a reported conversion (goal "conversions").',
        },
      ]);
    const variants = await variantRows(ctx, resource, args.variants, args.variant_ids);
    // A's default is the plain destination; the split, if any, goes only when the caller chose so.
    if (await settleSplit(ctx, args.workspace_id, resource, args.replace_split === true))
      scheduleTestedRefresh(ctx, resource);
    await ctx.tx.query(
      `INSERT INTO experiments (id, workspace_id, resource_type, resource_id, name, goal, goal_block_id, append_click_id,
                                baseline_rate, minimum_effect, created_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, coalesce($9, 0.1), coalesce($10, 0.2), $11)`,
      [
        args.id,
        args.workspace_id,
        args.resource_type,
        args.resource_id,
        args.name,
        goal,
        args.goal_block_id ?? null,
        goal === 'conversions',
        args.baseline_rate ?? null,
        args.minimum_effect ?? null,
        ctx.by.userId,
      ],
    );
    await insertVariants(ctx, args.id, args.workspace_id, variants);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'experiment.created',
      resourceType: 'experiment',
      resourceId: args.id,
      after: {
        resource_type: args.resource_type,
        resource_id: args.resource_id,
        variants: variants.length,
      },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'experiment', id: args.id, title: args.name },
    };
  },
});

import { ConflictError, ValidationError } from '@linkhub/shared/errors/app-error';
import { pgErrorInfo } from '@linkhub/shared/db/errors';
import { one } from '@linkhub/shared/db/sql';
import { nextState, type ExperimentStep } from '@linkhub/shared/experiments/lifecycle';
import type { VariantInput } from '@linkhub/shared/experiments/schemas';
import type { PageVariantChange } from '@linkhub/shared/experiments/page-experiment';
import {
  archiveExperiment,
  concludeExperiment,
  createExperiment,
  pauseExperiment,
  promoteExperiment,
  startExperiment,
  updateExperiment,
} from '@linkhub/shared/mutators/experiments';
import { loadExperiment, loadVariants, type ExperimentRow } from '../experiments/experiment-row';
import { promoteWinner } from '../experiments/promote';
import { loadTestedResource, type TestedResource } from '../experiments/tested-resource';
import { assertSafeDestination } from './destination-safety';
import { schedulePageRefresh, scheduleRedirectRefresh, type CacheDeps } from './redirect-cache';
import { audit } from './support';
import type { Command, CommandContext, CommandResult, DescribeRefused } from './types';
import { defineCommand } from './types';

/** Links and QR codes convert on a reported conversion; their visits are the exposures. */
const GOAL_BY_TYPE = { link: 'conversions', qr_code: 'conversions', bio_page: 'clicks' } as const;

function refusedIn(step: ExperimentStep, row: ExperimentRow): ConflictError {
  return new ConflictError('invalid_state_transition', {
    details: [{ field: 'state', issue: 'invalid_state', state: row.status, step }],
  });
}

/** The lifecycle decides (the matrix's C8 rows already refused any other state at authorize). */
function assertStep(step: ExperimentStep, row: ExperimentRow): NonNullable<ReturnType<typeof nextState>> {
  const next = nextState(step, row.status);
  if (next === null) throw refusedIn(step, row);
  return next;
}

type VariantRowInput = Omit<VariantInput, 'destination_url'> & {
  id: string;
  is_control: boolean;
  destination_url: string | null;
  payload: PageVariantChange;
};

/** Bio page variants change the page, never send elsewhere; they may only name the published blocks. */
function pageVariantRows(
  resource: TestedResource,
  variants: readonly VariantInput[],
  ids: readonly string[],
  controlIndex: number,
): VariantRowInput[] {
  const types = new Map(resource.blocks.map((b) => [b.id, b.type]));
  return variants.map((v, i) => {
    const refuse = (field: string, issue: string, message: string): never => {
      throw new ValidationError([{ field: `variants.${i}.${field}`, issue, message }]);
    };
    if (v.destination_url !== undefined)
      refuse('destination_url', 'not_supported', 'A bio page variant changes the page: use "page".');
    const change = v.page ?? {};
    for (const id of change.block_order ?? [])
      if (!types.has(id)) refuse('page.block_order', 'not_found', `No published block has the id ${id}.`);
    if (change.block !== undefined && types.get(change.block.id) !== 'link')
      refuse('page.block.id', 'not_found', 'Name a link block of the published page.');
    return { ...v, id: ids[i] ?? '', is_control: i === controlIndex, destination_url: null, payload: change };
  });
}

/** Variants with a destination each (the control defaults to the resource's own), checked for safety. */
async function variantRows(
  ctx: CommandContext,
  resource: TestedResource,
  variants: readonly VariantInput[],
  ids: readonly string[],
): Promise<VariantRowInput[]> {
  if (ids.length !== variants.length)
    throw new ValidationError([{ field: 'variant_ids', issue: 'count_mismatch' }]);
  const controlIndex = Math.max(
    0,
    variants.findIndex((v) => v.is_control === true),
  );
  if (resource.type === 'bio_page') return pageVariantRows(resource, variants, ids, controlIndex);
  return Promise.all(
    variants.map(async (v, i) => {
      const isControl = i === controlIndex;
      const destination = v.destination_url ?? (isControl ? resource.destinationUrl : null);
      if (destination === null)
        throw new ValidationError([
          {
            field: `variants.${i}.destination_url`,
            issue: 'required',
            message: 'Where does this variant send visitors?',
          },
        ]);
      if (v.page !== undefined)
        throw new ValidationError([
          {
            field: `variants.${i}.page`,
            issue: 'not_supported',
            message: 'Only bio page variants change a page.',
          },
        ]);
      if (v.destination_url !== undefined) await assertSafeDestination(v.destination_url, ctx.resolveHost);
      return { ...v, id: ids[i] ?? '', is_control: isControl, destination_url: destination, payload: {} };
    }),
  );
}

async function insertVariants(
  ctx: CommandContext,
  experimentId: string,
  workspaceId: string,
  variants: readonly VariantRowInput[],
): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO experiment_variants (id, experiment_id, workspace_id, key, name, is_control, weight, destination_url, payload)
     SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::text[], $5::text[], $6::boolean[], $7::int[], $8::text[], $9::jsonb[])`,
    [
      variants.map((v) => v.id),
      variants.map(() => experimentId),
      variants.map(() => workspaceId),
      variants.map((v) => v.key),
      variants.map((v) => v.name),
      variants.map((v) => v.is_control),
      variants.map((v) => v.weight),
      variants.map((v) => v.destination_url),
      variants.map((v) => JSON.stringify(v.payload)),
    ],
  );
}

const describeExperiment: DescribeRefused = async (ctx, raw) => {
  const args = raw as { id?: unknown; workspace_id?: unknown };
  if (typeof args.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(args.id)) return { workspaceId: null };
  const row = await one<{ name: string; workspace_id: string }>(
    ctx.tx,
    'SELECT name, workspace_id FROM experiments WHERE id = $1',
    [args.id],
  );
  return row && row.workspace_id === args.workspace_id
    ? { workspaceId: row.workspace_id, resource: { type: 'experiment', id: args.id, title: row.name } }
    : { workspaceId: null };
};

const result = (row: ExperimentRow): CommandResult => ({
  workspaceId: row.workspace_id,
  resource: { type: 'experiment', id: row.id, title: row.name },
});

/** The one-active-experiment-per-resource index, as the error a user can act on. */
async function withActiveSlot<T>(statement: () => Promise<T>): Promise<T> {
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

/**
 * The experiment commands (issue 21): each lifecycle step of experiments/lifecycle.ts, shared by
 * `/v1/experiments` and the Replicache push. A step that changes what visitors get refreshes the
 * tested address's redirect payload after commit (the edge assigns variants only while running).
 */
export function experimentCommands(cache: CacheDeps): Command[] {
  const refresh = async (ctx: CommandContext, row: ExperimentRow) => {
    const resource = await loadTestedResource(ctx.tx, row.workspace_id, row.resource_type, row.resource_id);
    // The running experiment travels in the page's snapshot (D-279) as in the redirect payload.
    if (resource.type === 'bio_page') schedulePageRefresh(ctx, cache, resource.host, resource.slug);
    else scheduleRedirectRefresh(ctx, cache, resource.host, resource.slug);
    ctx.effects.poke({ workspaceId: row.workspace_id });
    return resource;
  };

  const create = defineCommand(createExperiment, {
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

  const update = defineCommand(updateExperiment, {
    describe: describeExperiment,
    run: async (ctx, args) => {
      const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
      assertStep('update', row);
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
        const resource = await loadTestedResource(
          ctx.tx,
          row.workspace_id,
          row.resource_type,
          row.resource_id,
        );
        const ids = args.variant_ids ?? args.variants.map(() => crypto.randomUUID());
        const variants = await variantRows(ctx, resource, args.variants, ids);
        await ctx.tx.query('DELETE FROM experiment_variants WHERE experiment_id = $1', [args.id]);
        await insertVariants(ctx, args.id, args.workspace_id, variants);
      }
      await audit(ctx, {
        workspaceId: row.workspace_id,
        action: newArm ? 'experiment.new_arm_period' : 'experiment.updated',
        resourceType: 'experiment',
        resourceId: row.id,
        before: { name: row.name, arm_period: row.arm_period },
        after: {
          name: args.name,
          variants: args.variants?.length,
          arm_period: row.arm_period + (newArm ? 1 : 0),
        },
      });
      if (row.status === 'running') await refresh(ctx, row);
      else ctx.effects.poke({ workspaceId: row.workspace_id });
      return result(row);
    },
  });

  const start = defineCommand(startExperiment, {
    describe: describeExperiment,
    run: async (ctx, args) => {
      const row = await loadExperiment(ctx.tx, args.workspace_id, args.id, true);
      assertStep('start', row);
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
      await refresh(ctx, row);
      return result(row);
    },
  });

  const pause = defineCommand(pauseExperiment, {
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
      await refresh(ctx, row);
      return result(row);
    },
  });

  const conclude = defineCommand(concludeExperiment, {
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
      await refresh(ctx, row);
      return result(row);
    },
  });

  const promote = defineCommand(promoteExperiment, {
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
      scheduleRedirectRefresh(ctx, cache, resource.host, resource.slug);
      ctx.effects.poke({ workspaceId: row.workspace_id });
      return result(row);
    },
  });

  const archive = defineCommand(archiveExperiment, {
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
      if (row.status === 'paused') await refresh(ctx, row);
      else ctx.effects.poke({ workspaceId: row.workspace_id });
      return result(row);
    },
  });

  return [create, update, start, pause, conclude, promote, archive];
}

/** The winner of the latest analysis of the current arm period, if it named one. */
async function analysedWinner(ctx: CommandContext, row: ExperimentRow): Promise<string | null> {
  const found = await one<{ winner: string | null }>(
    ctx.tx,
    `SELECT analysis #>> '{verdict,variant_id}' AS winner FROM experiment_results
      WHERE experiment_id = $1 AND arm_period = $2 AND analysis #>> '{verdict,kind}' = 'winner'`,
    [row.id, row.arm_period],
  );
  return found?.winner ?? null;
}

async function assertVariantOf(ctx: CommandContext, row: ExperimentRow, variantId: string) {
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

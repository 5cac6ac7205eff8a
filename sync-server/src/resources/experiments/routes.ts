import { Hono } from 'hono';
import type { Context } from 'hono';
import { uuidv7 } from '@linkhub/shared/server/db/ids';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { canTake } from '@linkhub/shared/experiments/lifecycle';
import {
  concludeInputSchema,
  createExperimentInputSchema,
  experimentListQuerySchema,
  experimentReadQuerySchema,
  promoteInputSchema,
  startInputSchema,
  stepInputSchema,
  updateExperimentInputSchema,
  type ExperimentView,
} from '@linkhub/shared/experiments/schemas';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, keyOrSessionCaller, requireActor, type V1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { linkIdsInFolders } from '../folders';
import { sendData, sendList } from '../../http/envelope';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { defined, runCommandsThenRead } from '../../http/run';
import { commandStep, type CommandStep } from '../../kernel/types';
import { experimentResults, findExperiment, listExperiments } from './queries';
import {
  archiveExperimentCommand,
  concludeExperimentCommand,
  createExperimentCommand,
  pauseExperimentCommand,
  promoteExperimentCommand,
  startExperimentCommand,
  updateExperimentCommand,
} from './commands';

/**
 * `/v1/experiments`: every write is the experiment command the Replicache push runs too
 * (resources/experiments/commands.ts); the lifecycle steps are `POST /v1/experiments/{id}/{step}`. An API key
 * knows its workspace; the editor's session names it (`workspace_id` in the query or body).
 */
export function v1ExperimentRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const read = async (workspaceId: string, id: string) =>
    notFoundAfterAuthorize(await findExperiment(deps.pool, workspaceId, id));

  /** The caller, with the experiment readable by them (grants of the tested resource apply). */
  const viewable = async (c: Context<AppEnv>, id: string, workspaceId: string | undefined) => {
    const caller = await keyOrSessionCaller(c, deps, workspaceId);
    await authorizeRead(deps, caller, 'experiment.view', 'experiment', { type: 'experiment', id });
    return caller;
  };

  const run = (
    c: Context<AppEnv>,
    caller: V1Caller,
    id: string,
    steps: CommandStep[],
    status: 200 | 201 = 200,
  ) =>
    runCommandsThenRead(deps, caller, c.get('requestId'), steps, () => read(caller.workspaceId, id)).then(
      (view) => sendData(c, view, status),
    );

  app.get('/', async (c) => {
    await requireActor(c, deps);
    const query = parseQuery(c, experimentListQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const links = await authorizeRead(deps, caller, 'experiment.list', 'link');
    const granted =
      links.grantedIds === null
        ? null
        : [
            ...links.grantedIds,
            ...(await linkIdsInFolders(deps.pool, caller.workspaceId, links.grantedFolderIds ?? [])),
            ...((await authorizeRead(deps, caller, 'experiment.list', 'qr_code')).grantedIds ?? []),
          ];
    const { items, nextCursor } = pageOf(
      await listExperiments(deps.pool, links, granted, query),
      query.limit,
    );
    return sendList(
      c,
      items.map(({ cursor_at: _c, ...view }) => view),
      nextCursor,
    );
  });

  app.post('/', async (c) => {
    await requireActor(c, deps);
    const { workspace_id, ...input } = await parseBody(c, createExperimentInputSchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const id = uuidv7();
    const args = {
      ...defined(input),
      id,
      workspace_id: caller.workspaceId,
      variant_ids: input.variants.map(() => uuidv7()),
    };
    c.header('Location', `/v1/experiments/${id}`);
    return run(c, caller, id, [commandStep(createExperimentCommand, args)], 201);
  });

  app.get('/:id', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const query = parseQuery(c, experimentReadQuerySchema);
    const caller = await viewable(c, id, query.workspace_id);
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.get('/:id/results', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const query = parseQuery(c, experimentReadQuerySchema);
    const caller = await viewable(c, id, query.workspace_id);
    return sendData(c, await experimentResults(deps.pool, await read(caller.workspaceId, id)));
  });

  app.patch('/:id', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const { workspace_id, ...input } = await parseBody(c, updateExperimentInputSchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const args = {
      ...defined(input),
      id,
      workspace_id: caller.workspaceId,
      ...(input.variants === undefined ? {} : { variant_ids: input.variants.map(() => uuidv7()) }),
    };
    return run(c, caller, id, [commandStep(updateExperimentCommand, args)]);
  });

  app.post('/:id/start', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const { workspace_id, replace_split } = await parseBody(c, startInputSchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const args = {
      id,
      workspace_id: caller.workspaceId,
      ...(replace_split === undefined ? {} : { replace_split }),
    };
    return run(c, caller, id, [commandStep(startExperimentCommand, args)]);
  });

  for (const step of ['pause', 'archive'] as const)
    app.post(`/:id/${step}`, async (c) => {
      await requireActor(c, deps);
      const id = uuidParam(c, 'id');
      const { workspace_id } = await parseBody(c, stepInputSchema);
      const caller = await keyOrSessionCaller(c, deps, workspace_id);
      return run(c, caller, id, [
        commandStep({ pause: pauseExperimentCommand, archive: archiveExperimentCommand }[step], {
          id,
          workspace_id: caller.workspaceId,
        }),
      ]);
    });

  app.post('/:id/conclude', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, concludeInputSchema);
    const caller = await viewable(c, id, input.workspace_id);
    const winner = winnerId(await read(caller.workspaceId, id), input);
    const args = {
      id,
      workspace_id: caller.workspaceId,
      ...(winner === undefined ? {} : { winner_variant_id: winner }),
    };
    return run(c, caller, id, [commandStep(concludeExperimentCommand, args)]);
  });

  /** Promote in one click: a running or paused experiment is concluded first, in the same transaction. */
  app.post('/:id/promote', async (c) => {
    await requireActor(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, promoteInputSchema);
    const caller = await viewable(c, id, input.workspace_id);
    const experiment = await read(caller.workspaceId, id);
    const winner = winnerId(experiment, input);
    const args = {
      id,
      workspace_id: caller.workspaceId,
      ...(winner === undefined ? {} : { winner_variant_id: winner }),
    };
    const steps: CommandStep[] = canTake('conclude', experiment.status)
      ? [commandStep(concludeExperimentCommand, args), commandStep(promoteExperimentCommand, args)]
      : [commandStep(promoteExperimentCommand, args)];
    return run(c, caller, id, steps);
  });

  return app;
}

/** The winner named by id or by key (a key names a variant of this experiment, or it is refused). */
function winnerId(
  experiment: ExperimentView,
  input: { winner_variant_id?: string | undefined; winner_variant_key?: string | undefined },
): string | undefined {
  if (input.winner_variant_key === undefined) return input.winner_variant_id;
  const variant = experiment.variants.find((v) => v.key === input.winner_variant_key);
  if (!variant || (input.winner_variant_id !== undefined && input.winner_variant_id !== variant.id))
    throw new ValidationError([{ field: 'winner_variant_key', issue: 'not_a_variant' }], {
      message: 'That is not a variant of this experiment.',
    });
  return variant.id;
}

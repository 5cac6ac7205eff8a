import { Hono, type Context } from 'hono';
import {
  createUtmPresetInputSchema,
  updateUtmPresetInputSchema,
  utmPresetQuerySchema,
} from '@linkhub/shared/schemas/utm-presets';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { keyOrSessionCaller, requireActor } from '../../http/caller';
import { sendData, sendList } from '../../http/envelope';
import {
  authorizeUtmPresets,
  createUtmPreset,
  deleteUtmPreset,
  findUtmPreset,
  listUtmPresets,
  updateUtmPreset,
} from './presets';

/**
 * `/v1/utm-presets` (D-623): the workspace's UTM presets, read by every member (`utm_preset.list`)
 * and changed by whoever may make links (`workspace.manage_utm_presets`). An API key knows its
 * workspace; the editor's session names it (`workspace_id` in the query or body).
 */
export function v1UtmPresetRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const callerFor = async (c: Context<AppEnv>, workspaceId: string | undefined) => {
    await requireActor(c, deps);
    return keyOrSessionCaller(c, deps, workspaceId);
  };

  app.get('/', async (c) => {
    const query = parseQuery(c, utmPresetQuerySchema);
    const caller = await callerFor(c, query.workspace_id);
    await authorizeUtmPresets(deps, caller, 'utm_preset.list');
    return sendList(c, await listUtmPresets(deps.pool, caller.workspaceId), null);
  });

  app.post('/', async (c) => {
    const input = await parseBody(c, createUtmPresetInputSchema);
    const caller = await callerFor(c, input.workspace_id);
    await authorizeUtmPresets(deps, caller, 'workspace.manage_utm_presets');
    const preset = await createUtmPreset(deps.pool, caller, input);
    c.header('Location', `/v1/utm-presets/${preset.id}`);
    return sendData(c, preset, 201);
  });

  app.get('/:id', async (c) => {
    const caller = await callerFor(c, parseQuery(c, utmPresetQuerySchema).workspace_id);
    await authorizeUtmPresets(deps, caller, 'utm_preset.list');
    return sendData(c, await findUtmPreset(deps.pool, caller.workspaceId, uuidParam(c, 'id')));
  });

  app.patch('/:id', async (c) => {
    const input = await parseBody(c, updateUtmPresetInputSchema);
    const caller = await callerFor(c, input.workspace_id);
    await authorizeUtmPresets(deps, caller, 'workspace.manage_utm_presets');
    return sendData(c, await updateUtmPreset(deps.pool, caller.workspaceId, uuidParam(c, 'id'), input));
  });

  /** Deleted for good: links made with it keep their UTM values. */
  app.delete('/:id', async (c) => {
    const caller = await callerFor(c, parseQuery(c, utmPresetQuerySchema).workspace_id);
    await authorizeUtmPresets(deps, caller, 'workspace.manage_utm_presets');
    const id = uuidParam(c, 'id');
    const preset = await findUtmPreset(deps.pool, caller.workspaceId, id);
    await deleteUtmPreset(deps.pool, caller.workspaceId, id);
    return sendData(c, preset);
  });

  return app;
}

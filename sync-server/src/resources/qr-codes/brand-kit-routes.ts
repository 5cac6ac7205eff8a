import { Hono, type Context } from 'hono';
import {
  brandKitQuerySchema,
  createBrandKitInputSchema,
  updateBrandKitInputSchema,
} from '@linkhub/shared/schemas/brand-kits';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { keyOrSessionCaller, requireActor } from '../../http/caller';
import { sendData, sendList } from '../../http/envelope';
import {
  authorizeBrandKits,
  createBrandKit,
  deleteBrandKit,
  findBrandKit,
  listBrandKits,
  updateBrandKit,
} from './brand-kits';

/**
 * `/v1/brand-kits` (D-577): a workspace's saved QR designs, read by every member (`brand_kit.list`)
 * and changed by whoever may make codes (`brand_kit.manage`: not a viewer). An API key knows its
 * workspace; the editor's session names it (`workspace_id` in the query or body).
 */
export function v1BrandKitRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const callerFor = async (c: Context<AppEnv>, workspaceId: string | undefined) => {
    await requireActor(c, deps);
    return keyOrSessionCaller(c, deps, workspaceId);
  };

  app.get('/', async (c) => {
    const query = parseQuery(c, brandKitQuerySchema);
    const caller = await callerFor(c, query.workspace_id);
    await authorizeBrandKits(deps, caller, 'brand_kit.list');
    return sendList(c, await listBrandKits(deps.pool, caller.workspaceId), null);
  });

  app.post('/', async (c) => {
    const input = await parseBody(c, createBrandKitInputSchema);
    const caller = await callerFor(c, input.workspace_id);
    await authorizeBrandKits(deps, caller, 'brand_kit.manage');
    const kit = await createBrandKit(deps.pool, caller, input);
    c.header('Location', `/v1/brand-kits/${kit.id}`);
    return sendData(c, kit, 201);
  });

  app.get('/:id', async (c) => {
    const caller = await callerFor(c, parseQuery(c, brandKitQuerySchema).workspace_id);
    await authorizeBrandKits(deps, caller, 'brand_kit.list');
    return sendData(c, await findBrandKit(deps.pool, caller.workspaceId, uuidParam(c, 'id')));
  });

  app.patch('/:id', async (c) => {
    const input = await parseBody(c, updateBrandKitInputSchema);
    const caller = await callerFor(c, input.workspace_id);
    await authorizeBrandKits(deps, caller, 'brand_kit.manage');
    return sendData(c, await updateBrandKit(deps.pool, caller.workspaceId, uuidParam(c, 'id'), input));
  });

  /** Deleted for good: codes made with it keep their own copy of its design. */
  app.delete('/:id', async (c) => {
    const caller = await callerFor(c, parseQuery(c, brandKitQuerySchema).workspace_id);
    await authorizeBrandKits(deps, caller, 'brand_kit.manage');
    const id = uuidParam(c, 'id');
    const kit = await findBrandKit(deps.pool, caller.workspaceId, id);
    await deleteBrandKit(deps.pool, caller.workspaceId, id);
    return sendData(c, kit);
  });

  return app;
}

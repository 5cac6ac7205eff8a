import { Hono } from 'hono';
import { importRequestSchema } from '@linkhub/shared/imports/api';
import type { AppDeps } from '../../http/app-deps';
import type { AppEnv } from '../../http/app-env';
import { keyOrSessionCaller, requireActor } from '../../http/caller';
import { sendData } from '../../http/envelope';
import { parseBody } from '../../http/session-context';
import { gateBulkCreate } from '../links';
import { runImport } from './run-import';

/** `/v1/imports`: another product's export in, a result per row out (D-631). */
export function v1ImportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/', async (c) => {
    await requireActor(c, deps);
    const input = await parseBody(c, importRequestSchema);
    const caller = await keyOrSessionCaller(c, deps, input.workspace_id);
    await gateBulkCreate(deps, caller);
    const { data, meta } = await runImport(deps, caller, c.get('requestId'), input);
    return sendData(c, data, 200, meta);
  });
  return app;
}

import { Hono } from 'hono';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { uuidParam } from '../../http/session-context';
import { requireUser } from '../../http/session';
import { listSessions, revokeSession } from '../../identity/sessions';

/** `/api/sessions`: where the account is signed in (parsed client label only), and revoking one. */
export function sessionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const me = await requireUser(c, deps);
    const sessions = await listSessions(deps.pool, me.user.id);
    return c.json({
      data: sessions.map((s) => ({
        id: s.id,
        current: s.id === me.session.id,
        client_kind: s.client_kind,
        client_label: s.client_label,
        created_at: s.created_at,
        last_seen_at: s.last_seen_at,
        expires_at: s.rolling_expires_at,
        absolute_expires_at: s.absolute_expires_at,
      })),
      meta: {},
    });
  });

  app.delete('/:sessionId', async (c) => {
    const me = await requireUser(c, deps);
    if (!(await revokeSession(deps.pool, me.user.id, uuidParam(c, 'sessionId')))) throw new NotFoundError();
    return c.json({ data: { revoked: true } });
  });

  return app;
}

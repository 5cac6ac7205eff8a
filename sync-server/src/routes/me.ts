import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { AppDeps } from '../deps';
import { parseBody } from '../accounts/http';
import { requireUser } from '../middleware/session';
import { findUserById, publicUser } from '../accounts/users';
import { listWorkspacesForUser, publicWorkspace } from '../accounts/workspaces';

/** `/api/me`: the signed-in user and their workspaces with roles (the switcher). */
export function meRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/me', async (c) => {
    const me = await requireUser(c, deps);
    const workspaces = await listWorkspacesForUser(deps.pool, me.user.id);
    return c.json({
      data: {
        user: publicUser(me.user),
        session: { id: me.session.id, two_factor_satisfied: me.session.mfa_verified_at !== null, absolute_expires_at: me.session.absolute_expires_at },
        workspaces: workspaces.map((w) => ({ ...publicWorkspace(w, w.role), member_id: w.member_id, scoped: w.is_scoped })),
      },
    });
  });

  app.patch('/me', async (c) => {
    const me = await requireUser(c, deps);
    const { name } = await parseBody(c, z.strictObject({ name: z.string().trim().min(1).max(200) }));
    await deps.pool.query('UPDATE users SET name = $2 WHERE id = $1', [me.user.id, name]);
    const user = await findUserById(deps.pool, me.user.id);
    return c.json({ data: { user: user ? publicUser(user) : null } });
  });

  return app;
}

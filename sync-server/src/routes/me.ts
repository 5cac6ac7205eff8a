import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../app-env';
import type { AppDeps } from '../deps';
import { parseBody } from '../accounts/http';
import { requireUser } from '../middleware/session';
import { findUserById, publicUser, setPassword } from '../accounts/users';
import { AuthenticationError } from '@linkhub/shared/errors/app-error';
import { verifyPassword } from '../auth/password-hash';
import { passwordSchema } from '../accounts/auth-flows';
import { revokeAllSessions } from '../accounts/sessions';
import { withTransaction } from '../accounts/db';
import { writeAudit } from '../accounts/audit';
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

  // Change password (knowing the current one): every other session of the account ends.
  app.post('/me/password', async (c) => {
    const me = await requireUser(c, deps);
    const input = await parseBody(c, z.strictObject({ current_password: z.string().min(1).max(256), new_password: passwordSchema }));
    if (!me.user.password_hash || !(await verifyPassword(me.user.password_hash, input.current_password))) {
      throw new AuthenticationError('invalid_credentials', { details: [{ field: 'current_password', issue: 'invalid_credentials' }] });
    }
    const ended = await withTransaction(deps.pool, async (tx) => {
      await setPassword(tx, me.user.id, input.new_password);
      const count = await revokeAllSessions(tx, me.user.id, me.session.id);
      await writeAudit(tx, { workspaceId: null, actor: { type: 'user', userId: me.user.id }, action: 'account.password_changed', resourceType: 'user', resourceId: me.user.id, metadata: { sessions_ended: count }, requestId: c.get('requestId') });
      return count;
    });
    return c.json({ data: { password_changed: true, other_sessions_ended: ended } });
  });

  return app;
}

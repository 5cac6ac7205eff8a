import { Hono } from 'hono';
import { z } from 'zod';
import { readableText } from '@linkhub/shared/schemas/common';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { defaultPlanOf } from '../../platform/stripe-env';
import { parseBody, requestNetwork } from '../../http/session-context';
import { clearFailures, lockoutRemaining, recordAttempt, recordFailure } from '../../identity/login-throttle';
import { requireUser } from '../../http/session';
import { findUserById, publicUser, setPassword } from '../../identity/users';
import { appErrorFor, AuthenticationError, RateLimitError } from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import { anonymiseAccount, soleOwnedWorkspaces } from '../../identity/account-deletion';
import { verifyPassword } from '../../identity/password-hash';
import { passwordSchema, subject, waitText } from '../../identity/auth-flows';
import { revokeAllSessions } from '../../identity/sessions';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import {
  billingAccountFor,
  countActiveWorkspaces,
  listWorkspacesForUser,
  publicWorkspace,
} from '../../identity/workspaces';

/** `/api/me`: the signed-in user and their workspaces with roles (the switcher). */
export function meRoutes(deps: AppDeps): Hono<AppEnv> {
  const accounts = deps.accounts;
  const app = new Hono<AppEnv>();

  app.get('/me', async (c) => {
    const me = await requireUser(c, deps);
    const workspaces = await listWorkspacesForUser(deps.pool, me.user.id);
    return c.json({
      data: {
        user: publicUser(me.user),
        session: {
          id: me.session.id,
          two_factor_satisfied: me.session.mfa_verified_at !== null,
          absolute_expires_at: me.session.absolute_expires_at,
        },
        workspaces: workspaces.map((w) => ({
          ...publicWorkspace(w, w.role),
          member_id: w.member_id,
          scoped: w.is_scoped,
        })),
      },
    });
  });

  app.patch('/me', async (c) => {
    const me = await requireUser(c, deps);
    const { name } = await parseBody(c, z.strictObject({ name: readableText(200).min(1) }));
    await deps.pool.query('UPDATE users SET name = $2 WHERE id = $1', [me.user.id, name]);
    const user = await findUserById(deps.pool, me.user.id);
    return c.json({ data: { user: user ? publicUser(user) : null } });
  });

  // Change password (knowing the current one): every other session of the account ends.
  app.post('/me/password', async (c) => {
    const me = await requireUser(c, deps);
    const input = await parseBody(
      c,
      z.strictObject({ current_password: z.string().min(1).max(256), new_password: passwordSchema }),
    );
    // Wrong current passwords are throttled like wrong sign-in passwords (same pair counter).
    const s = subject(accounts, me.user.email, requestNetwork(c, accounts), 'login');
    const wait = await lockoutRemaining(deps.redis, deps.pool, deps.config.REDIS_PREFIX, s);
    if (wait > 0)
      throw new RateLimitError(wait, {
        message: `Too many wrong passwords. Try again in ${waitText(wait)}.`,
        details: [{ field: 'current_password', issue: 'throttled', retry_after_seconds: wait }],
      });
    if (!me.user.password_hash || !(await verifyPassword(me.user.password_hash, input.current_password))) {
      await recordFailure(deps.redis, deps.pool, deps.config.REDIS_PREFIX, s);
      await recordAttempt(deps.pool, s, 'failure', { userId: me.user.id, reason: 'change_password' });
      throw new AuthenticationError('invalid_credentials', {
        message: 'The current password is incorrect.',
        details: [{ field: 'current_password', issue: 'invalid_credentials' }],
      });
    }
    await clearFailures(deps.redis, deps.config.REDIS_PREFIX, s);
    const ended = await withTransaction(deps.pool, async (tx) => {
      await setPassword(tx, me.user.id, input.new_password);
      const count = await revokeAllSessions(tx, me.user.id, me.session.id);
      await writeAudit(tx, {
        workspaceId: null,
        actor: { type: 'user', userId: me.user.id },
        action: 'account.password_changed',
        resourceType: 'user',
        resourceId: me.user.id,
        metadata: { sessions_ended: count },
        requestId: c.get('requestId'),
      });
      return count;
    });
    return c.json({ data: { password_changed: true, other_sessions_ended: ended } });
  });

  /**
   * Delete my account (docs/product-rules.md#permissions): needs a recent sign-in and the account's e-mail typed
   * as confirmation; refused with 409 last_owner_required, naming each workspace, while the user
   * still owns a live workspace. Printed QR codes keep resolving: content belongs to workspaces.
   */
  app.delete('/me', async (c) => {
    const me = await requireUser(c, deps);
    const { confirmation } = await parseBody(c, z.strictObject({ confirmation: z.string().max(320) }));
    const result = await withTransaction(deps.pool, async (tx) => {
      await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [me.user.id]);
      const owned = await soleOwnedWorkspaces(tx, me.user.id);
      const account = await billingAccountFor(tx, me.user.id, defaultPlanOf(deps.config));
      const decision = authorize({
        actor: me.actor,
        action: 'account.delete',
        workspaceId: null,
        workspace: null,
        membership: null,
        account: {
          plan: account.plan_key,
          workspace_count: await countActiveWorkspaces(tx, account.id),
          sole_owner_workspace_ids: owned.map((w) => w.id),
        },
      });
      if (!decision.allow) {
        if (decision.code !== 'last_owner_required') throw denialError(decision);
        throw denialError({
          ...decision,
          details: owned.map((w) => ({
            field: 'workspaces',
            issue: 'sole_owner',
            workspace_id: w.id,
            name: w.name,
            options: ['transfer_ownership', 'delete_workspace'],
          })),
        });
      }
      if (confirmation.trim().toLowerCase() !== me.user.email) {
        throw appErrorFor('confirmation_required', {
          message: 'Type your e-mail address to confirm.',
          details: [{ field: 'confirmation', issue: 'confirmation_required' }],
        });
      }
      const ended = await anonymiseAccount(tx, me.user.id);
      await writeAudit(tx, {
        workspaceId: null,
        actor: { type: 'user', userId: me.user.id },
        action: 'account.deleted',
        resourceType: 'user',
        resourceId: me.user.id,
        metadata: { memberships_ended: ended.membershipsEnded, sessions_ended: ended.sessionsEnded },
        requestId: c.get('requestId'),
      });
      return ended;
    });
    return c.json({ data: { deleted: true, memberships_ended: result.membershipsEnded } });
  });

  return app;
}

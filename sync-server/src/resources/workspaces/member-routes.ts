import { Hono } from 'hono';
import { roleSchema } from '@linkhub/shared/schemas/members';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, uuidParam } from '../../http/session-context';
import { actorOf, sessionUserOf } from '../../http/session';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';
import {
  endMembership,
  findMembership,
  listMembers,
  lockMember,
  setRole,
  transferOwnership,
} from '../../identity/members';

const changeRoleSchema = z.strictObject({ role: roleSchema });
const transferSchema = z.strictObject({ member_id: z.uuid() });

function publicMember(m: {
  id: string;
  user_id: string;
  role: string;
  is_scoped: boolean;
  joined_at: Date;
  email?: string;
  name?: string;
  grant_count?: string;
}): Record<string, unknown> {
  return {
    id: m.id,
    user_id: m.user_id,
    email: m.email,
    name: m.name,
    role: m.role,
    scoped: m.is_scoped,
    grant_count: Number(m.grant_count ?? 0),
    joined_at: m.joined_at,
  };
}

/** `/api/workspaces/:workspaceId/members`: list, change role, remove, leave, transfer ownership. */
export function memberRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:workspaceId/members', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'member.list');
    return c.json({ data: (await listMembers(deps.pool, ws)).map(publicMember), meta: {} });
  });

  app.patch('/:workspaceId/members/:memberId', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const memberId = uuidParam(c, 'memberId');
    const actor = await actorOf(c, deps);
    const { role } = await parseBody(c, changeRoleSchema);
    await requireAllowed(
      deps.pool,
      actor,
      ws,
      'member.change_role',
      { type: 'member', id: memberId },
      { requested_role: role },
    );
    const me = sessionUserOf(actor);
    const updated = await withTransaction(deps.pool, async (tx) => {
      const target = await lockMember(tx, ws, memberId);
      await setRole(tx, memberId, role);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'member.role_changed',
        resourceType: 'member',
        resourceId: memberId,
        before: { role: target.role },
        after: { role },
        requestId: c.get('requestId'),
      });
      return { ...target, role };
    });
    return c.json({ data: publicMember(updated) });
  });

  app.delete('/:workspaceId/members/:memberId', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const memberId = uuidParam(c, 'memberId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'member.remove', { type: 'member', id: memberId });
    const me = sessionUserOf(actor);
    const result = await withTransaction(deps.pool, async (tx) => {
      const target = await lockMember(tx, ws, memberId);
      const ended = await endMembership(tx, target, me.user.id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'member.removed',
        resourceType: 'member',
        resourceId: memberId,
        before: { role: target.role, user_id: target.user_id },
        metadata: { grants_deleted: ended.grantsDeleted },
        requestId: c.get('requestId'),
      });
      return ended;
    });
    return c.json({ data: { removed: true, grants_deleted: result.grantsDeleted } });
  });

  app.post('/:workspaceId/leave', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'workspace.leave');
    const me = sessionUserOf(actor);
    await withTransaction(deps.pool, async (tx) => {
      const mine = await findMembership(tx, ws, me.user.id);
      if (!mine) return;
      const target = await lockMember(tx, ws, mine.id);
      await endMembership(tx, target, me.user.id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'member.left',
        resourceType: 'member',
        resourceId: target.id,
        before: { role: target.role },
        requestId: c.get('requestId'),
      });
    });
    return c.json({ data: { left: true } });
  });

  app.post('/:workspaceId/transfer-ownership', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const { member_id } = await parseBody(c, transferSchema);
    await requireAllowed(deps.pool, actor, ws, 'workspace.transfer_ownership', {
      type: 'member',
      id: member_id,
    });
    const me = sessionUserOf(actor);
    await withTransaction(deps.pool, async (tx) => {
      const mine = await findMembership(tx, ws, me.user.id);
      if (!mine) throw new Error('owner membership vanished');
      const from = await lockMember(tx, ws, mine.id);
      const to = await lockMember(tx, ws, member_id);
      if (from.id === to.id) return;
      await transferOwnership(tx, ws, from, to);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'workspace.ownership_transferred',
        resourceType: 'member',
        resourceId: to.id,
        before: { owner_user_id: from.user_id },
        after: { owner_user_id: to.user_id },
        requestId: c.get('requestId'),
      });
    });
    return c.json({ data: { transferred: true } });
  });

  return app;
}

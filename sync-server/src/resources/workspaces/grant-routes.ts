import type { resourceGrants } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { Hono } from 'hono';
import { z } from 'zod';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { actorOf, sessionUserOf } from '../../http/session';
import { one, withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';
import {
  GRANTABLE_TYPES,
  insertGrant,
  listGrants,
  publicGrant,
  resourceExists,
  unscopeMember,
} from '../../identity/grants';
import { lockMember } from '../../identity/members';
import { revokeGrant, revokeGrantQuerySchema } from '../../identity/revoke-grant';

const grantSchema = z.strictObject({
  member_id: z.uuid(),
  resource_type: z.enum(GRANTABLE_TYPES),
  resource_id: z.uuid(),
});

/** `/api/workspaces/:workspaceId/grants` (Business): grant a bio page, link or QR code to a member; list; revoke. */
export function grantRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:workspaceId/grants', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const { member_id } = parseQuery(c, z.object({ member_id: z.uuid().optional() }));
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'grant.list');
    return c.json({ data: (await listGrants(deps.pool, ws, member_id)).map(publicGrant), meta: {} });
  });

  app.post('/:workspaceId/grants', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, grantSchema);
    await requireAllowed(deps.pool, actor, ws, 'grant.create', { type: 'member', id: input.member_id });
    const me = sessionUserOf(actor);
    const grant = await withTransaction(deps.pool, async (tx) => {
      const member = await lockMember(tx, ws, input.member_id);
      if (member.role === 'owner') throw new NotFoundError({ message: 'The owner always has full access.' });
      if (!(await resourceExists(tx, ws, input.resource_type, input.resource_id))) {
        throw new NotFoundError({ details: [{ field: 'resource_id', issue: 'not_found' }] });
      }
      const { grant: row, created } = await insertGrant(tx, {
        workspaceId: ws,
        memberId: member.id,
        resourceType: input.resource_type,
        resourceId: input.resource_id,
        source: 'manual',
        grantedByUserId: me.user.id,
      });
      if (created) {
        await writeAudit(tx, {
          workspaceId: ws,
          actor: { type: 'user', userId: me.user.id },
          action: 'grant.created',
          resourceType: input.resource_type,
          resourceId: input.resource_id,
          after: { member_id: member.id, source: 'manual' },
          metadata: { source: 'manual' },
          requestId: c.get('requestId'),
        });
      }
      return row;
    });
    return c.json({ data: publicGrant(grant) }, 201);
  });

  // Revoking a member's last grant never widens access by itself (D-510): `?then=unscope` or
  // `?then=remove_member` says what happens to the membership; without it the answer is 409 last_grant.
  app.delete('/:workspaceId/grants/:grantId', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const grantId = uuidParam(c, 'grantId');
    const { then } = parseQuery(c, revokeGrantQuerySchema);
    const actor = await actorOf(c, deps);
    const owner = await one<RowOf<typeof resourceGrants, 'memberId'>>(
      deps.pool,
      'SELECT member_id FROM resource_grants WHERE id = $1 AND workspace_id = $2',
      [grantId, ws],
    );
    const target = { type: 'member' as const, id: owner?.member_id ?? grantId };
    await requireAllowed(deps.pool, actor, ws, 'grant.revoke', target);
    if (then === 'remove_member') await requireAllowed(deps.pool, actor, ws, 'member.remove', target);
    const me = sessionUserOf(actor);
    const result = await withTransaction(deps.pool, async (tx) => {
      const revoked = await revokeGrant(tx, { workspaceId: ws, grantId, then, actorUserId: me.user.id });
      const { grant, member, outcome } = revoked;
      const audit = {
        workspaceId: ws,
        actor: { type: 'user' as const, userId: me.user.id },
        requestId: c.get('requestId'),
      };
      await writeAudit(tx, {
        ...audit,
        action: 'grant.revoked',
        resourceType: grant.resource_type,
        resourceId: grant.resource_id,
        before: { member_id: grant.member_id, source: grant.source },
        metadata: { member_unscoped: outcome === 'unscoped', member_removed: outcome === 'member_removed' },
      });
      if (outcome === 'unscoped') {
        await writeAudit(tx, {
          ...audit,
          action: 'member.unscoped',
          resourceType: 'member',
          resourceId: member.id,
          metadata: { grants_deleted: revoked.grantsDeleted },
        });
      }
      if (outcome === 'member_removed') {
        await writeAudit(tx, {
          ...audit,
          action: 'member.removed',
          resourceType: 'member',
          resourceId: member.id,
          before: { role: member.role, user_id: member.user_id },
          metadata: { grants_deleted: revoked.grantsDeleted },
        });
      }
      return revoked;
    });
    return c.json({
      data: {
        revoked: true,
        member_unscoped: result.outcome === 'unscoped',
        member_removed: result.outcome === 'member_removed',
      },
    });
  });

  // Revoke every grant at once (docs/product-rules.md#permissions): the member is unscoped, with full workspace scope for their role.
  app.delete('/:workspaceId/members/:memberId/grants', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const memberId = uuidParam(c, 'memberId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'grant.revoke', { type: 'member', id: memberId });
    const me = sessionUserOf(actor);
    const removed = await withTransaction(deps.pool, async (tx) => {
      const member = await lockMember(tx, ws, memberId);
      const count = await unscopeMember(tx, ws, member.id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'member.unscoped',
        resourceType: 'member',
        resourceId: member.id,
        metadata: { grants_deleted: count },
        requestId: c.get('requestId'),
      });
      return count;
    });
    return c.json({ data: { member_unscoped: true, grants_deleted: removed } });
  });

  return app;
}

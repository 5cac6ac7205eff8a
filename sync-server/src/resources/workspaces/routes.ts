import { Hono } from 'hono';
import { pokeAfterCommit } from '../../sync/poke';
import { z } from 'zod';
import { AssuranceError } from '@linkhub/shared/errors/app-error';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { defaultPlanOf } from '../../platform/stripe-env';
import { parseBody, uuidParam } from '../../http/session-context';
import { actorOf, requireUser, sessionUserOf } from '../../http/session';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';
import { auditActorOf } from '../../identity/actor';
import {
  billingAccountFor,
  brandingSchema,
  countActiveWorkspaces,
  findWorkspace,
  insertWorkspace,
  listWorkspacesForUser,
  publicWorkspace,
  restoreWorkspace,
  softDeleteWorkspace,
  updateWorkspace,
  workspaceNameSchema,
} from '../../identity/workspaces';
import { createWorkspaceInputSchema } from '@linkhub/shared/schemas/workspaces';

const patchSchema = z
  .strictObject({ name: workspaceNameSchema.optional(), branding: brandingSchema.optional() })
  .refine((v) => v.name !== undefined || v.branding !== undefined, {
    message: 'send name or branding',
    path: ['name'],
  });
const deleteSchema = z.strictObject({ confirmation: z.string().max(200).optional() });

/** `/api/workspaces`: the switcher list, create (account-scoped, plan workspace cap), rename, branding, 2FA policy, soft delete, restore. */
export function workspaceRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const me = await requireUser(c, deps);
    const list = await listWorkspacesForUser(deps.pool, me.user.id);
    return c.json({
      data: list.map((w) => ({ ...publicWorkspace(w, w.role), member_id: w.member_id })),
      meta: {},
    });
  });

  app.post('/', async (c) => {
    const me = await requireUser(c, deps);
    const { name } = await parseBody(c, createWorkspaceInputSchema);
    const workspace = await withTransaction(deps.pool, async (tx) => {
      // Serialise creates per user so two concurrent requests cannot both pass the cap.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`workspace.create:${me.user.id}`]);
      const account = await billingAccountFor(tx, me.user.id, defaultPlanOf(deps.config));
      const decision = authorize({
        actor: me.actor,
        action: 'workspace.create',
        workspaceId: null,
        workspace: null,
        membership: null,
        account: { plan: account.plan_key, workspace_count: await countActiveWorkspaces(tx, account.id) },
      });
      if (!decision.allow) throw denialError(decision);
      const created = await insertWorkspace(tx, {
        name,
        ownerUserId: me.user.id,
        billingAccountId: account.id,
        plan: account.plan_key,
      });
      await writeAudit(tx, {
        workspaceId: created.workspace.id,
        actor: { type: 'user', userId: me.user.id },
        action: 'workspace.created',
        resourceType: 'workspace',
        resourceId: created.workspace.id,
        after: { name },
        requestId: c.get('requestId'),
      });
      return created.workspace;
    });
    // The creator's other devices (and this one) show it at once, not at their next periodic pull.
    await pokeAfterCommit(deps, { users: [me.user.id] }, 'workspace create');
    return c.json({ data: publicWorkspace(workspace, 'owner') }, 201);
  });

  app.get('/:workspaceId', async (c) => {
    const id = uuidParam(c, 'workspaceId');
    const ctx = await requireAllowed(deps.pool, await actorOf(c, deps), id, 'workspace.view', {
      type: 'workspace',
      id,
    });
    const w = await findWorkspace(deps.pool, id);
    return c.json({
      data: w
        ? {
            ...publicWorkspace(w, ctx.membershipRow.role),
            require_two_factor: ctx.workspace?.require_two_factor ?? false,
          }
        : null,
    });
  });

  app.patch('/:workspaceId', async (c) => {
    const id = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const patch = await parseBody(c, patchSchema);
    await requireAllowed(
      deps.pool,
      actor,
      id,
      patch.branding !== undefined ? 'workspace.update_branding' : 'workspace.update_settings',
      { type: 'workspace', id },
    );
    if (patch.name !== undefined && patch.branding !== undefined)
      await requireAllowed(deps.pool, actor, id, 'workspace.update_settings', { type: 'workspace', id });
    const updated = await withTransaction(deps.pool, async (tx) => {
      const before = await findWorkspace(tx, id);
      const after = await updateWorkspace(tx, id, patch);
      if (actor)
        await writeAudit(tx, {
          workspaceId: id,
          actor: auditActorOf(actor),
          action: 'workspace.updated',
          resourceType: 'workspace',
          resourceId: id,
          before: { name: before?.name, branding: before?.branding },
          after: { name: after.name, branding: after.branding },
          requestId: c.get('requestId'),
        });
      return after;
    });
    if (patch.name !== undefined)
      await deps.commands.refreshCacheSoon({ kind: 'resource', resource_type: 'workspace', id });
    return c.json({ data: publicWorkspace(updated) });
  });

  app.put('/:workspaceId/two-factor-policy', async (c) => {
    const id = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const { require_two_factor } = await parseBody(c, z.strictObject({ require_two_factor: z.boolean() }));
    await requireAllowed(deps.pool, actor, id, 'workspace.set_two_factor_policy', { type: 'workspace', id });
    const me = sessionUserOf(actor);
    if (require_two_factor && me.session.mfa_verified_at === null) {
      // Requiring 2FA from a session without it would lock the owner out of their own workspace.
      throw new AssuranceError({
        message: 'Turn on two-factor authentication for your own account first.',
        details: [{ field: 'require_two_factor', issue: 'totp_required' }],
      });
    }
    await withTransaction(deps.pool, async (tx) => {
      await tx.query('UPDATE workspaces SET require_two_factor = $2 WHERE id = $1', [id, require_two_factor]);
      await writeAudit(tx, {
        workspaceId: id,
        actor: { type: 'user', userId: me.user.id },
        action: 'workspace.two_factor_policy_changed',
        resourceType: 'workspace',
        resourceId: id,
        after: { require_two_factor },
        requestId: c.get('requestId'),
      });
    });
    return c.json({ data: { require_two_factor } });
  });

  app.delete('/:workspaceId', async (c) => {
    const id = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const { confirmation } = await parseBody(c, deleteSchema);
    const w = await findWorkspace(deps.pool, id);
    await requireAllowed(
      deps.pool,
      actor,
      id,
      'workspace.delete',
      { type: 'workspace', id },
      { confirmation: { given: confirmation, expected: w?.name ?? '' } },
    );
    const me = sessionUserOf(actor);
    const deleted = await withTransaction(deps.pool, async (tx) => {
      const row = await softDeleteWorkspace(tx, id);
      await writeAudit(tx, {
        workspaceId: id,
        actor: { type: 'user', userId: me.user.id },
        action: 'workspace.deleted',
        resourceType: 'workspace',
        resourceId: id,
        after: { purge_after: row.purge_after },
        requestId: c.get('requestId'),
      });
      return row;
    });
    // The edge's cached payloads of the workspace change (QR codes: last good destination; links stop).
    await deps.commands.refreshCacheSoon({ kind: 'resource', resource_type: 'workspace', id });
    await pokeAfterCommit(deps, { workspaces: [id] }, 'workspace delete');
    return c.json({ data: publicWorkspace(deleted, 'owner') });
  });

  app.post('/:workspaceId/restore', async (c) => {
    const id = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, id, 'workspace.restore', { type: 'workspace', id });
    const me = sessionUserOf(actor);
    const restored = await withTransaction(deps.pool, async (tx) => {
      const row = await restoreWorkspace(tx, id);
      await writeAudit(tx, {
        workspaceId: id,
        actor: { type: 'user', userId: me.user.id },
        action: 'workspace.restored',
        resourceType: 'workspace',
        resourceId: id,
        requestId: c.get('requestId'),
      });
      return row;
    });
    await deps.commands.refreshCacheSoon({ kind: 'resource', resource_type: 'workspace', id });
    await pokeAfterCommit(deps, { workspaces: [id] }, 'workspace restore');
    return c.json({ data: publicWorkspace(restored, 'owner') });
  });

  return app;
}

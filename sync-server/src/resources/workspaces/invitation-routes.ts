import { Hono } from 'hono';
import { z } from 'zod';
import { MAIL_LINK_REFUSALS, mailTokenSchema } from '../../identity/mail-token';
import { authorize } from '@linkhub/shared/permissions/authorize';
import { denialError } from '@linkhub/shared/permissions/decision';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { appLink } from '../../identity/app-links';
import { parseBody, uuidParam } from '../../http/session-context';
import { actorOf, requireUser, sessionUserOf } from '../../http/session';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';
import { emailSchema } from '@linkhub/shared/schemas/common';
import {
  acceptInvitation,
  createInvitation,
  INVITABLE_ROLES,
  listPendingInvitations,
  publicInvitation,
  renewInvitation,
  revokeInvitation,
  type InvitationRow,
} from '../../identity/invitations';
import { findWorkspace } from '../../identity/workspaces';
import { invitationEmail } from '../../identity/mail-templates';
import { pokeAfterCommit } from '../../sync/poke';

const inviteSchema = z.strictObject({ email: emailSchema, role: z.enum(INVITABLE_ROLES) });

/** `/api/workspaces/:workspaceId/invitations`: invite by e-mail (seat cap, one live invitation per address), list, revoke. */
const acceptBody = z.strictObject({ token: mailTokenSchema(MAIL_LINK_REFUSALS.invitation) });

export function invitationRoutes(deps: AppDeps): Hono<AppEnv> {
  const accounts = deps.accounts;
  const app = new Hono<AppEnv>();

  async function sendInvitation(
    invitation: InvitationRow,
    token: string,
    inviter: { name: string; email: string },
  ): Promise<void> {
    const workspace = await findWorkspace(deps.pool, invitation.workspace_id);
    const link = appLink(accounts.appUrl, 'acceptInvitation', token);
    await accounts.mailer.send(
      invitationEmail(invitation.email, {
        workspaceName: workspace?.name ?? 'a workspace',
        inviterName: inviter.name || inviter.email,
        role: invitation.role,
        link,
      }),
    );
  }

  app.get('/:workspaceId/invitations', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'invitation.list');
    return c.json({ data: (await listPendingInvitations(deps.pool, ws)).map(publicInvitation), meta: {} });
  });

  app.post('/:workspaceId/invitations', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, inviteSchema);
    await requireAllowed(deps.pool, actor, ws, 'member.invite', null, { requested_role: input.role });
    const me = sessionUserOf(actor);
    const { invitation, token } = await withTransaction(deps.pool, async (tx) => {
      // Seat check again under a per-workspace lock, so two concurrent invitations cannot both take the last seat.
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`member.invite:${ws}`]);
      await requireAllowed(tx, actor, ws, 'member.invite', null, { requested_role: input.role });
      const created = await createInvitation(tx, {
        workspaceId: ws,
        email: input.email,
        role: input.role,
        invitedByUserId: me.user.id,
      });
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'invitation.created',
        resourceType: 'invitation',
        resourceId: created.invitation.id,
        after: { email: input.email, role: input.role },
        requestId: c.get('requestId'),
      });
      return created;
    });
    await sendInvitation(invitation, token, me.user);
    return c.json({ data: publicInvitation(invitation) }, 201);
  });

  app.post('/:workspaceId/invitations/:invitationId/resend', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const id = uuidParam(c, 'invitationId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'invitation.resend', { type: 'invitation', id });
    const me = sessionUserOf(actor);
    const { invitation, token } = await withTransaction(deps.pool, async (tx) => {
      const renewed = await renewInvitation(tx, ws, id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'invitation.resent',
        resourceType: 'invitation',
        resourceId: id,
        requestId: c.get('requestId'),
      });
      return renewed;
    });
    await sendInvitation(invitation, token, me.user);
    return c.json({ data: publicInvitation(invitation) });
  });

  app.delete('/:workspaceId/invitations/:invitationId', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const id = uuidParam(c, 'invitationId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'invitation.revoke', { type: 'invitation', id });
    const me = sessionUserOf(actor);
    const revoked = await withTransaction(deps.pool, async (tx) => {
      const row = await revokeInvitation(tx, ws, id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'invitation.revoked',
        resourceType: 'invitation',
        resourceId: id,
        before: { email: row.email, role: row.role },
        requestId: c.get('requestId'),
      });
      return row;
    });
    return c.json({ data: publicInvitation(revoked) });
  });

  return app;
}

/** `/api/invitations/accept {token}`: the invited (signed-in) user joins the workspace. */
export function invitationAcceptRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.post('/accept', async (c) => {
    const me = await requireUser(c, deps);
    const { token } = await parseBody(c, acceptBody);
    const decision = authorize({
      actor: me.actor,
      action: 'invitation.accept',
      workspaceId: null,
      workspace: null,
      membership: null,
    });
    if (!decision.allow) throw denialError(decision);
    const result = await withTransaction(deps.pool, async (tx) => {
      const accepted = await acceptInvitation(tx, token, me.user);
      await writeAudit(tx, {
        workspaceId: accepted.invitation.workspace_id,
        actor: { type: 'user', userId: me.user.id },
        action: 'member.joined',
        resourceType: 'member',
        resourceId: accepted.memberId,
        after: { role: accepted.invitation.role, invitation_id: accepted.invitation.id },
        requestId: c.get('requestId'),
      });
      return accepted;
    });
    // The joined workspace reaches the editor's store only by a pull; the join is committed, so a failed poke only delays it.
    await pokeAfterCommit(deps, { users: [me.user.id] }, 'join');
    return c.json(
      {
        data: {
          workspace_id: result.invitation.workspace_id,
          workspace_name: result.invitation.workspace_name,
          member_id: result.memberId,
          role: result.invitation.role,
        },
      },
      200,
    );
  });
  return app;
}

import { Hono } from 'hono';
import { AuthorizationError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, uuidParam } from '../../http/session-context';
import { actorOf, sessionUserOf } from '../../http/session';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { writeAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';
import {
  createApiKeySchema,
  insertApiKey,
  listApiKeys,
  publicApiKey,
  revokeApiKey,
  scopesAllowedFor,
} from '../../identity/api-keys';

/** `/api/workspaces/:workspaceId/api-keys`: create (scopes never beyond the creator's role; shown once), list, revoke. */
export function apiKeyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/:workspaceId/api-keys', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'api_key.list');
    return c.json({ data: (await listApiKeys(deps.pool, ws)).map(publicApiKey), meta: {} });
  });

  app.post('/:workspaceId/api-keys', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    const input = await parseBody(c, createApiKeySchema);
    const ctx = await requireAllowed(deps.pool, actor, ws, 'api_key.create');
    const me = sessionUserOf(actor);
    const allowed = scopesAllowedFor(ctx.membershipRow.role);
    const beyond = input.scopes.filter((s) => !allowed.includes(s));
    if (beyond.length > 0) {
      throw new AuthorizationError('insufficient_role', {
        message: 'A key cannot carry more authority than your role.',
        details: beyond.map((scope) => ({ field: 'scopes', issue: 'beyond_role', scope })),
      });
    }
    const { apiKey, key } = await withTransaction(deps.pool, async (tx) => {
      const created = await insertApiKey(tx, {
        workspaceId: ws,
        userId: me.user.id,
        memberId: ctx.membershipRow.id,
        name: input.name,
        scopes: input.scopes,
        expiresAt: input.expires_at ?? null,
      });
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'api_key.created',
        resourceType: 'api_key',
        resourceId: created.apiKey.id,
        after: { name: input.name, scopes: input.scopes, prefix: created.apiKey.prefix },
        requestId: c.get('requestId'),
      });
      return created;
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: { ...publicApiKey(apiKey), key } }, 201);
  });

  app.delete('/:workspaceId/api-keys/:keyId', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const id = uuidParam(c, 'keyId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'api_key.revoke', { type: 'api_key', id });
    const me = sessionUserOf(actor);
    const revoked = await withTransaction(deps.pool, async (tx) => {
      const row = await revokeApiKey(tx, ws, id, me.user.id);
      await writeAudit(tx, {
        workspaceId: ws,
        actor: { type: 'user', userId: me.user.id },
        action: 'api_key.revoked',
        resourceType: 'api_key',
        resourceId: id,
        before: { name: row.name, prefix: row.prefix },
        requestId: c.get('requestId'),
      });
      return row;
    });
    return c.json({ data: publicApiKey(revoked) });
  });

  return app;
}

import type { RowOf } from '@linkhub/shared/server/db/row';
import type { idempotencyKeys } from '@linkhub/shared/server/db/schema/api';
import { createHash } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ConflictError, SemanticError, ValidationError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from './app-env';
import type { AppDeps } from './app-deps';
import { one } from '@linkhub/shared/server/db/sql';
import { actorOf } from './session';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;
/** Headers a replay repeats (everything else is per-response: request id, rate-limit counters). */
const REPLAYED_HEADERS = ['content-type', 'location'];

type StoredRow = RowOf<
  typeof idempotencyKeys,
  'id' | 'requestHash' | 'status' | 'responseStatus' | 'responseBody' | 'responseHeaders'
>;

/** Over the body's bytes (the same digest as over its text for UTF-8 JSON), so binary uploads hash exactly and stay readable downstream. */
function requestHash(c: Context<AppEnv>, body: Uint8Array): string {
  return createHash('sha256').update(`${c.req.method}\n${c.req.path}\n`).update(body).digest('hex');
}

/** Whether a response is final enough to replay: not a server error, not a rate-limit or in-progress refusal. */
const storable = (status: number): boolean => status < 500 && status !== 429 && status !== 401;

/**
 * `Idempotency-Key` on POST (docs/product-rules.md#api): the first request with a key runs and its response is kept
 * for 24 h; the same key with the same method, path and body replays it (`Idempotent-Replayed: true`);
 * with a different body it is 422 idempotency_key_reused; while the first is still running, 409.
 * Keys are per API key (`scope = api_key:<id>`), or per user for the editor's session (`user:<id>`).
 * A server error frees the key for a retry.
 */
export function v1Idempotency(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (c.req.method !== 'POST' || key === undefined) return next();
    if (!KEY_PATTERN.test(key))
      throw new ValidationError([{ field: IDEMPOTENCY_HEADER, issue: 'invalid_format' }], {
        message: 'Idempotency-Key must be 1–255 visible ASCII characters.',
      });
    const actor = await actorOf(c, deps);
    if (actor === null) return next();
    const owner =
      actor.kind === 'api_key'
        ? { scope: `api_key:${actor.apiKey.id}`, workspaceId: actor.apiKey.workspace_id }
        : { scope: `user:${actor.user.id}`, workspaceId: null };
    const scope = owner.scope;
    const hash = requestHash(c, new Uint8Array(await c.req.arrayBuffer()));

    // One statement claims a new key or takes over an expired one.
    const claimed = await one<{ id: string }>(
      deps.pool,
      `INSERT INTO idempotency_keys (workspace_id, scope, key, method, path, request_hash, locked_until)
       VALUES ($1, $2, $3, $4, $5, $6, now() + interval '1 minute')
       ON CONFLICT (scope, key) DO UPDATE
          SET workspace_id = EXCLUDED.workspace_id, method = EXCLUDED.method, path = EXCLUDED.path,
              request_hash = EXCLUDED.request_hash, status = 'in_progress', response_status = NULL, response_body = NULL,
              response_headers = '{}'::jsonb, completed_at = NULL, locked_until = EXCLUDED.locked_until,
              expires_at = now() + interval '24 hours', created_at = now()
        WHERE idempotency_keys.expires_at <= now()
       RETURNING id`,
      [owner.workspaceId, scope, key, c.req.method, c.req.path, hash],
    );
    if (!claimed) {
      const stored = await one<StoredRow>(
        deps.pool,
        'SELECT id, request_hash, status, response_status, response_body, response_headers FROM idempotency_keys WHERE scope = $1 AND key = $2',
        [scope, key],
      );
      if (!stored) throw new ConflictError('idempotency_key_in_progress');
      if (stored.request_hash !== hash)
        throw new SemanticError('idempotency_key_reused', {
          details: [{ field: IDEMPOTENCY_HEADER, issue: 'reused' }],
        });
      if (stored.status !== 'completed' || stored.response_status === null)
        throw new ConflictError('idempotency_key_in_progress', {
          details: [{ field: IDEMPOTENCY_HEADER, issue: 'in_progress' }],
        });
      for (const [name, value] of Object.entries(stored.response_headers)) c.header(name, value);
      c.header('Idempotent-Replayed', 'true');
      // Stored as the exact response text (a jsonb string), so the replay is byte-identical.
      const text =
        typeof stored.response_body === 'string'
          ? stored.response_body
          : JSON.stringify(stored.response_body);
      return c.body(text, stored.response_status as ContentfulStatusCode);
    }

    try {
      await next();
    } catch (error) {
      await deps.pool.query('DELETE FROM idempotency_keys WHERE id = $1', [claimed.id]);
      throw error;
    }
    await settle(deps, claimed.id, c);
  };
}

/** After the route: keep the response (JSON bodies) for replay, or free the key. */
async function settle(deps: AppDeps, id: string, c: Context<AppEnv>): Promise<void> {
  const res = c.res;
  const isJson = (res.headers.get('content-type') ?? '').includes('application/json');
  if (!storable(res.status) || !isJson) {
    await deps.pool.query('DELETE FROM idempotency_keys WHERE id = $1', [id]);
    return;
  }
  const body = await res.clone().text();
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = res.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  await deps.pool.query(
    `UPDATE idempotency_keys SET status = 'completed', response_status = $2, response_body = $3, response_headers = $4,
            completed_at = now(), locked_until = NULL WHERE id = $1`,
    [id, res.status, JSON.stringify(body), JSON.stringify(headers)],
  );
}

import { randomUUID } from 'node:crypto';
import type { SyncHarness } from './sync-harness';

/**
 * Test-only: one mutation pushed as a device pushes it (its own client group, its own User-Agent),
 * answered with the notice the server left when it refused it (null: applied).
 */
export async function pushAs(
  h: SyncHarness,
  who: { token: string; userId: string },
  name: string,
  args: Record<string, unknown>,
  userAgent = 'vitest',
): Promise<string | null> {
  const res = await h.app.request('/replicache/push', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${who.token}`,
      'user-agent': userAgent,
    },
    body: JSON.stringify({
      pushVersion: 1,
      clientGroupID: randomUUID(),
      profileID: 'p',
      schemaVersion: '',
      mutations: [{ id: 1, clientID: randomUUID(), name, args, timestamp: Date.now() }],
    }),
  });
  if (res.status !== 200) return `http_${res.status}`;
  const [refused] = await h.sql<{ code: string }>(
    'SELECT code FROM sync_notices WHERE user_id = $1 AND mutation_name = $2 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1',
    [who.userId, name],
  );
  return refused?.code ?? null;
}

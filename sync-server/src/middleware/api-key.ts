import type { AppDeps } from '../app-deps';
import { findApiKeyByToken, touchApiKey } from '../accounts/api-keys';
import { apiKeyActor, type RequestActor } from '../accounts/actor';

const TOUCH_EVERY_MS = 60_000;

/**
 * `Authorization: Bearer lh_…`: the key row behind it (only its SHA-256 is stored). A revoked or
 * expired key still resolves — authorize() answers 401 api_key_revoked — and an unknown key is no
 * actor at all (401 unauthenticated). Use is recorded as last_used_at (at most once a minute).
 */
export async function resolveApiKeyActor(
  deps: Pick<AppDeps, 'pool'>,
  rawKey: string,
): Promise<RequestActor | null> {
  const row = await findApiKeyByToken(deps.pool, rawKey);
  if (!row) return null;
  // The row says whether the minute has passed: no UPDATE round trip on the other requests of that minute.
  if (
    row.revoked_at === null &&
    (row.last_used_at === null || Date.now() - row.last_used_at.getTime() >= TOUCH_EVERY_MS)
  )
    await touchApiKey(deps.pool, row.id);
  return apiKeyActor(row);
}

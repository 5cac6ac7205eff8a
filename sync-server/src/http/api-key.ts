import type { AppDeps } from './app-deps';
import { findApiKeyByDigest, touchApiKey } from '../identity/api-keys';
import { apiKeyActor, type RequestActor } from '../identity/actor';
import { hashApiKey } from '../identity/api-key-token';

const TOUCH_EVERY_MS = 60_000;

/**
 * `Authorization: Bearer lh_…`: the key row behind it (only its SHA-256 is stored). A revoked or
 * expired key still resolves — authorize() answers 401 api_key_revoked — and an unknown key is no
 * actor at all (401 unauthenticated). Use is recorded as last_used_at (at most once a minute). A
 * row read in the last 30 s is reused (identity/api-key-rows.ts): its revocation is read again by
 * the authorize load of the request.
 */
export async function resolveApiKeyActor(
  deps: Pick<AppDeps, 'pool' | 'accounts'>,
  rawKey: string,
): Promise<RequestActor | null> {
  const digest = hashApiKey(rawKey);
  const known = deps.accounts.apiKeyRows.get(digest);
  if (known) return apiKeyActor(known);
  const row = await findApiKeyByDigest(deps.pool, digest);
  if (!row) return null;
  deps.accounts.apiKeyRows.set(digest, row);
  // The row says whether the minute has passed: no UPDATE round trip on the other requests of that minute.
  if (
    row.revoked_at === null &&
    (row.last_used_at === null || Date.now() - row.last_used_at.getTime() >= TOUCH_EVERY_MS)
  )
    await touchApiKey(deps.pool, row.id);
  return apiKeyActor(row);
}

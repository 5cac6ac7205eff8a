import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { ApiKeyRow } from './api-keys';

/** How long a key's row is reused; its last_used_at is then written at most this late. */
export const API_KEY_ROW_TTL_MS = 30_000;

/**
 * The rows behind API keys, by token digest (never the raw key), so a request resolves its key
 * without a statement. What can change on a key — revoked, expired — is not trusted from here: every
 * authorize load reads it again in its one statement (authorize-input.ts), so a revocation takes
 * effect at once, in every process. A key's scopes, workspace and creator never change.
 */
export class ApiKeyRows {
  readonly #rows: BoundedMemo<string, { row: ApiKeyRow; at: number }>;

  constructor(
    private readonly ttlMs = API_KEY_ROW_TTL_MS,
    capacity = 10_000,
  ) {
    this.#rows = new BoundedMemo(capacity);
  }

  get(digest: string, now = Date.now()): ApiKeyRow | undefined {
    const hit = this.#rows.get(digest);
    if (hit === undefined || now - hit.at >= this.ttlMs) return undefined;
    return hit.row;
  }

  set(digest: string, row: ApiKeyRow, now = Date.now()): void {
    this.#rows.set(digest, { row, at: now });
  }
}

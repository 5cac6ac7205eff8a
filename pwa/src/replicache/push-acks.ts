import type { PendingMutation, Pusher, PushRequest } from 'replicache';
import { pushResponseSchema } from '@linkhub/shared/sync/protocol';

/**
 * Which local changes the server has answered for (D-561). A push answered 200 carries each
 * pushing client's last mutation id the server committed (applied, or refused with a notice); a
 * change up to it is saved even though it stays in Replicache's pending list until the next pull
 * confirms it. Kept in memory only: after a reload the pull confirms as before.
 */
export class PushAcks {
  readonly #saved = new Map<string, number>();
  readonly #listeners = new Set<() => void>();

  /** Notes a push's answer; listeners hear of it when it moved any client forward. */
  record(lastMutationIDs: Readonly<Record<string, number>>): void {
    let moved = false;
    for (const [clientID, id] of Object.entries(lastMutationIDs)) {
      if (id > (this.#saved.get(clientID) ?? 0)) {
        this.#saved.set(clientID, id);
        moved = true;
      }
    }
    if (moved) for (const listener of this.#listeners) listener();
  }

  /** Whether the server has answered for this change. */
  isSaved(mutation: Pick<PendingMutation, 'clientID' | 'id'>): boolean {
    return mutation.id <= (this.#saved.get(mutation.clientID) ?? 0);
  }

  /** Calls `listener` whenever more changes count as saved; returns the way to stop. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}

/** The changes a push carries (protocol version 1; this app sends no other). */
const sent = (body: PushRequest): ReadonlyArray<{ clientID: string; id: number }> =>
  body.pushVersion === 1 ? body.mutations : [];

/**
 * Replicache's push, as its own pusher sends it, that also records the server's answer in `acks`.
 * A push holding only changes the server already answered for is not sent again: after a reconnect
 * Replicache's retry and the reconnect's own push would otherwise send the same change twice, the
 * second racing the pull that confirms it.
 */
export function ackingPusher(acks: PushAcks, url: string, auth: () => string): Pusher {
  return async (body, requestID) => {
    const mutations = sent(body);
    if (mutations.length > 0 && mutations.every((m) => acks.isSaved(m)))
      return { httpRequestInfo: { httpStatusCode: 200, errorMessage: '' } };
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-type': 'application/json',
        Authorization: auth(),
        'X-Replicache-RequestID': requestID,
      },
      body: JSON.stringify(body),
    });
    if (response.status !== 200)
      return { httpRequestInfo: { httpStatusCode: response.status, errorMessage: await response.text() } };
    const answer = pushResponseSchema.safeParse(await response.json().catch(() => null));
    if (answer.success) acks.record(answer.data.lastMutationIDs);
    return { httpRequestInfo: { httpStatusCode: 200, errorMessage: '' } };
  };
}

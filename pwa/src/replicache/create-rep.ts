import type { ClientMutators } from '@linkhub/shared/mutators/index';
import { platform } from '../platform/bridge';
import { deferredMutators, loadMutators } from './deferred-mutators';
import { DurableReplicache } from './durable-rep';

export type Rep = DurableReplicache<ClientMutators>;

/** One Replicache store per signed-in user (IndexedDB), pushing and pulling with the session. */
export async function createRep(userId: string): Promise<Rep> {
  const token = await platform().secureToken.get();
  // Fetched once the first screen is up, so the first edit never waits for the chunk (nor for the network).
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1_000));
  whenIdle(() => void loadMutators().catch(() => undefined));
  return new DurableReplicache({
    name: userId,
    mutators: deferredMutators,
    pushURL: '/replicache/push',
    pullURL: '/replicache/pull',
    auth: token ? `Bearer ${token}` : '',
    pullInterval: 60_000,
  });
}

/**
 * Pull whenever the server pokes (SSE, cookie session; EventSource reconnects by itself), push when back
 * online. Every pull here is `now`: Replicache's own pull waits out the backoff its failed attempts
 * built up while offline (seconds), so the device that was offline heard the poke for its own push
 * and still showed its changes as pending long after a colleague's device had them.
 */
export function listenForPokes(rep: Rep): () => void {
  const source = new EventSource('/replicache/poke', { withCredentials: true });
  source.addEventListener('poke', () => void rep.pull({ now: true }));
  // After a reconnect we may have missed pokes.
  source.addEventListener('ready', () => void rep.pull({ now: true }));
  // Back online: send what was kept on this device, then catch up.
  const online = () => void rep.push({ now: true }).then(() => rep.pull({ now: true }));
  window.addEventListener('online', online);
  return () => {
    source.close();
    window.removeEventListener('online', online);
  };
}

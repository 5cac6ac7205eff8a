import { randomUUID } from 'node:crypto';
import { resolveSession } from '../identity/sessions';
import { userActor } from '../identity/actor';
import { commandActorOf, type CommandActor, type CommandResult } from '../kernel/types';
import { createSyncHarness, type SyncHarness } from './sync-harness';
import { testResolver } from './v1-kit';

/**
 * Test-only, for the unit tests beside each command and kernel module: a real sync-server on its
 * own database, an Owner on a chosen plan, and the two ways a command is driven — a push (by the
 * mutator's name, as a device sends it) and the command runner directly (in its own transaction).
 */
export type Account = { token: string; userId: string; workspaceId: string };
export type Notice = {
  code: string;
  message: string;
  mutation_name: string;
  details: unknown;
  resource_type: string | null;
  resource_id: string | null;
  resource_title: string | null;
};
export type Mutation = { name: string; args: Record<string, unknown> };

export type CommandKit = SyncHarness & {
  owner: Account;
  /** One device: every call pushes the next mutation ids of one client. */
  device: (who?: Account) => Device;
  /** One mutation, answered with the notice the server left when it refused it (null: applied). */
  push: (name: string, args: Record<string, unknown>, who?: Account) => Promise<string | null>;
  actor: (who?: Account) => Promise<CommandActor>;
  /** The command a mutation names, run by the runner in its own transaction (its effects flushed). */
  run: (name: string, args: Record<string, unknown>, who?: Account) => Promise<CommandResult>;
  notices: (who?: Account) => Promise<Notice[]>;
  setPlan: (plan: 'free' | 'pro' | 'business', workspaceId?: string) => Promise<void>;
};

export type Device = {
  clientID: string;
  push: (...mutations: Mutation[]) => Promise<number>;
  lastMutationId: () => Promise<number>;
};

/** DNS is the /v1 tests' stand-in (`intranet.example.com` is private, other hosts public): no outside network. */
export async function startCommandKit(plan: 'free' | 'pro' | 'business' = 'pro'): Promise<CommandKit> {
  const h = await createSyncHarness({ resolveHost: testResolver });
  const owner = await h.signUp('Ada');
  await h.sql("UPDATE users SET email_verified_at = now(), name = 'Ada'");
  const setPlan: CommandKit['setPlan'] = async (p, workspaceId = owner.workspaceId) => {
    await h.sql('UPDATE workspaces SET current_plan_key = $2 WHERE id = $1', [workspaceId, p]);
  };
  await setPlan(plan);
  const device: CommandKit['device'] = (who = owner) => {
    const clientGroupID = `cg-${randomUUID()}`;
    const clientID = `c-${randomUUID()}`;
    let next = 1;
    return {
      clientID,
      push: async (...mutations) => {
        const res = await h.app.request('/replicache/push', {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${who.token}` },
          body: JSON.stringify({
            pushVersion: 1,
            clientGroupID,
            profileID: 'p',
            schemaVersion: '',
            mutations: mutations.map((m) => ({
              clientID,
              id: next++,
              name: m.name,
              args: m.args,
              timestamp: 0,
            })),
          }),
        });
        return res.status;
      },
      lastMutationId: async () => {
        const [row] = await h.sql<{ n: string }>(
          'SELECT last_mutation_id AS n FROM replicache_clients WHERE id = $1',
          [clientID],
        );
        return Number(row?.n ?? -1);
      },
    };
  };
  const notices: CommandKit['notices'] = (who = owner) =>
    h.sql<Notice>(
      `SELECT code, message, mutation_name, details, resource_type, resource_id, resource_title
         FROM sync_notices WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [who.userId],
    );
  const push: CommandKit['push'] = async (name, args, who = owner) => {
    const before = (await notices(who)).length;
    const status = await device(who).push({ name, args });
    if (status !== 200) return `http_${status}`;
    const after = await notices(who);
    return after.length > before ? (after.at(-1)?.code ?? null) : null;
  };
  const actor: CommandKit['actor'] = async (who = owner) => {
    const resolved = await resolveSession(h.deps.pool, who.token);
    if (!resolved) throw new Error('no live session for the token');
    return commandActorOf(userActor(resolved.user, resolved.session));
  };
  const run: CommandKit['run'] = async (name, args, who = owner) => {
    const by = await actor(who);
    return h.deps.commands.inTransaction((scope) => h.deps.commands.runNamed(scope, by, name, args, null));
  };
  return { ...h, owner, device, push, actor, run, notices, setPlan };
}

/** A link as a device creates it: a fresh id, the owner's workspace, an optional slug. */
export function linkArgs(workspaceId: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: randomUUID(), workspace_id: workspaceId, destination_url: 'https://example.com/a', ...extra };
}

import type { workspaceMembers } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { PushMutation, PushRequest } from '@linkhub/shared/sync/protocol';
import { NotFoundError, type ErrorDetail } from '@linkhub/shared/errors/app-error';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import { PostCommitEffects } from '../kernel/effects';
import { inItemSavepoint } from '../kernel/item-savepoint';
import type { CommandActor } from '../kernel/types';
import type { CommandRunner, TxScope } from '../kernel/runner';
import { ensureClientGroup } from './pull';
import { classifyMutationError } from './refusal';

export type PushOutcome = {
  applied: number;
  refused: number;
  skipped: number;
  /** Each pushing client's last mutation id as committed when the push ends (D-561). */
  lastMutationIDs: Record<string, number>;
};
type Pusher = CommandActor & { userId: string };
type Applied = { kind: 'applied' | 'refused' | 'skipped' | 'future' };

/** The client's row, locked for this mutation's transaction: mutations of one client apply strictly in order. */
async function lastMutationId(tx: Queryable, clientId: string): Promise<number> {
  const row = await one<{ last_mutation_id: string }>(
    tx,
    'SELECT last_mutation_id FROM replicache_clients WHERE id = $1 FOR UPDATE',
    [clientId],
  );
  if (!row) throw new Error(`replicache client ${clientId} vanished`);
  return Number(row.last_mutation_id);
}

async function setLastMutationId(tx: Queryable, clientId: string, id: number): Promise<void> {
  await tx.query('UPDATE replicache_clients SET last_mutation_id = $2 WHERE id = $1', [clientId, id]);
}

/** The client group (this user's) and every client named in the push exist before any mutation runs. */
async function registerClients(runner: CommandRunner, by: Pusher, request: PushRequest): Promise<void> {
  const clientIds = [...new Set(request.mutations.map((m) => m.clientID))];
  await runner.inTransaction(async ({ tx }) => {
    await ensureClientGroup(tx, request.clientGroupID, by.userId);
    await tx.query(
      'INSERT INTO replicache_clients (id, client_group_id) SELECT unnest($1::text[]), $2 ON CONFLICT (id) DO NOTHING',
      [clientIds, request.clientGroupID],
    );
    const foreign = await one<{ n: string }>(
      tx,
      'SELECT count(*) AS n FROM replicache_clients WHERE id = ANY($1::text[]) AND client_group_id <> $2',
      [clientIds, request.clientGroupID],
    );
    if (Number(foreign?.n ?? 0) > 0)
      throw new NotFoundError({ details: [{ field: 'clientID', issue: 'not_found' }] });
  });
}

/** Mutations per transaction: one commit (one WAL flush) per chunk instead of per mutation. */
const CHUNK = 10;

/**
 * Push (ARCHITECTURE.md#the-life-of-an-offline-edit): mutations in order, each isolated in its own savepoint with its client's
 * last_mutation_id, committed in chunks. A refused mutation rolls back to its savepoint (it changes
 * nothing), still advances the id and leaves a notice. A replayed mutation (id ≤ last) is skipped,
 * so replaying a push body is a no-op. Post-commit effects (cache write-through, jobs, pokes) of
 * the whole push run once, after the last commit. Any error inside a mutation refuses it
 * (`refusal.ts`); only a lost database connection rolls back the chunk and fails the push, and
 * Replicache sends it again.
 */
export async function handlePush(
  runner: CommandRunner,
  by: Pusher,
  request: PushRequest,
  requestId: string,
): Promise<PushOutcome> {
  const outcome: PushOutcome = { applied: 0, refused: 0, skipped: 0, lastMutationIDs: {} };
  if (request.mutations.length === 0) return outcome;
  await registerClients(runner, by, request);
  const batch = new PostCommitEffects();
  try {
    for (let start = 0; start < request.mutations.length; start += CHUNK) {
      const chunk = request.mutations.slice(start, start + CHUNK);
      const stopped = await runner.inTransaction(async (scope) => {
        const lmids = new ClientLmids(scope.tx);
        let future = false;
        for (const mutation of chunk) {
          const result = await applyOne(runner, scope, lmids, by, mutation, requestId);
          if (result.kind === 'future') {
            future = true;
            break;
          }
          outcome[result.kind] += 1;
        }
        await lmids.save();
        // Answered only if this commits (a failed commit fails the push): what the device may count as saved.
        Object.assign(outcome.lastMutationIDs, lmids.current());
        return future;
      }, batch);
      if (stopped) break;
    }
  } finally {
    await runner.flush(batch);
  }
  return outcome;
}

/** Each client's last_mutation_id, read (and row-locked) once per chunk and written back once at its end. */
class ClientLmids {
  private readonly known = new Map<string, { stored: number; current: number }>();

  constructor(private readonly tx: Queryable) {}

  async get(clientId: string): Promise<number> {
    const cached = this.known.get(clientId);
    if (cached) return cached.current;
    const stored = await lastMutationId(this.tx, clientId);
    this.known.set(clientId, { stored, current: stored });
    return stored;
  }

  advance(clientId: string, id: number): void {
    const entry = this.known.get(clientId);
    if (entry) entry.current = id;
  }

  current(): Record<string, number> {
    return Object.fromEntries([...this.known].map(([clientId, { current }]) => [clientId, current]));
  }

  async save(): Promise<void> {
    for (const [clientId, { stored, current }] of this.known) {
      if (current !== stored) await setLastMutationId(this.tx, clientId, current);
    }
  }
}

async function applyOne(
  runner: CommandRunner,
  scope: TxScope,
  lmids: ClientLmids,
  by: Pusher,
  mutation: PushMutation,
  requestId: string,
): Promise<Applied> {
  const last = await lmids.get(mutation.clientID);
  if (mutation.id <= last) return { kind: 'skipped' };
  // A gap means the client is ahead of us (e.g. our database was restored): stop; Replicache resends.
  if (mutation.id > last + 1) return { kind: 'future' };
  try {
    await inItemSavepoint(scope, (own) => runner.runNamed(own, by, mutation.name, mutation.args, requestId));
    lmids.advance(mutation.clientID, mutation.id);
    return { kind: 'applied' };
  } catch (raw) {
    const failure = classifyMutationError(raw);
    if (failure.kind === 'retry') throw failure.error;
    if (failure.unexpected) runner.reportUnexpected(raw, { mutation: mutation.name, requestId });
    await recordRefusal(runner, scope, by, mutation, failure, requestId);
    lmids.advance(mutation.clientID, mutation.id);
    return { kind: 'refused' };
  }
}

async function recordRefusal(
  runner: CommandRunner,
  scope: TxScope,
  by: Pusher,
  mutation: PushMutation,
  refusal: { error: unknown; anonymous: boolean },
  requestId: string,
): Promise<void> {
  const { tx } = scope;
  const described = await runner.describe(scope, by, mutation.name, mutation.args);
  const about = refusal.anonymous ? { workspaceId: described.workspaceId } : described;
  const envelope = toErrorEnvelope(refusal.error, requestId).body.error;
  const member = about.workspaceId
    ? await one<RowOf<typeof workspaceMembers, 'role'>>(
        tx,
        'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL',
        [about.workspaceId, by.userId],
      )
    : undefined;
  const reason =
    envelope.code === 'insufficient_role' && member
      ? `your role is ${member.role.charAt(0).toUpperCase()}${member.role.slice(1)}`
      : (validationReason(envelope) ?? envelope.message);
  await tx.query(
    `INSERT INTO sync_notices (user_id, workspace_id, client_id, mutation_id, mutation_name, code, message, details,
                               resource_type, resource_id, resource_title)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      by.userId,
      about.workspaceId,
      mutation.clientID,
      mutation.id,
      mutation.name,
      envelope.code,
      noticeMessage(about.resource?.title ?? null, reason),
      JSON.stringify(envelope.details),
      about.resource?.type ?? null,
      about.resource?.id ?? null,
      about.resource?.title ?? null,
    ],
  );
  scope.effects.poke({ userId: by.userId });
}

/** A validation refusal in the words of its first field error ("The expiry must be after the start."), not "The request is invalid." */
function validationReason(envelope: { code: string; details: readonly ErrorDetail[] }): string | null {
  if (envelope.code !== 'validation_failed') return null;
  const message = envelope.details[0]?.message;
  return typeof message === 'string' && message !== '' ? message : null;
}

/** "Your change to “Spring sale” was not saved: <reason>" — the sentence the editor shows. */
export function noticeMessage(title: string | null, reason: string): string {
  const subject = title ? `Your change to “${title}”` : 'Your change';
  const why = reason.replace(/\.$/, '');
  return `${subject} was not saved: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`;
}

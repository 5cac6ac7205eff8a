import type pg from 'pg';
import { z } from 'zod';
import type { PushMutation, PushRequest } from '@linkhub/shared/sync/protocol';
import { AppError } from '@linkhub/shared/errors/app-error';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { one } from '../accounts/db';
import type { CommandActor } from '../commands/types';
import type { CommandRunner } from '../commands/runner';
import { ensureClientGroup } from './pull';

export type PushOutcome = {
  applied: number;
  refused: number;
  skipped: number;
  affectedWorkspaces: Set<string>;
  affectedUsers: Set<string>;
};

/** Refusals the user must hear about; anything else (a dropped connection, a bug) fails the push so Replicache retries. */
function isRefusal(error: unknown): error is AppError | z.ZodError {
  return error instanceof AppError || error instanceof z.ZodError;
}

async function lastMutationId(tx: pg.PoolClient, clientId: string, clientGroupId: string): Promise<number> {
  await tx.query(
    'INSERT INTO replicache_clients (id, client_group_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [clientId, clientGroupId],
  );
  const row = await one<{ last_mutation_id: string; client_group_id: string }>(
    tx,
    'SELECT last_mutation_id, client_group_id FROM replicache_clients WHERE id = $1 FOR UPDATE',
    [clientId],
  );
  if (!row || row.client_group_id !== clientGroupId)
    throw new Error('client belongs to another client group');
  return Number(row.last_mutation_id);
}

async function setLastMutationId(tx: pg.PoolClient, clientId: string, id: number): Promise<void> {
  await tx.query('UPDATE replicache_clients SET last_mutation_id = $2 WHERE id = $1', [clientId, id]);
}

/**
 * Push (DESIGN §5): mutations in order, each in its own transaction with its client's
 * last_mutation_id. A refused mutation changes nothing, still advances the id, and leaves a notice.
 * A replayed mutation (id ≤ last) is skipped, so replaying a push body is a no-op.
 */
export async function handlePush(
  pool: pg.Pool,
  runner: CommandRunner,
  by: CommandActor & { userId: string },
  request: PushRequest,
  requestId: string,
): Promise<PushOutcome> {
  const outcome: PushOutcome = {
    applied: 0,
    refused: 0,
    skipped: 0,
    affectedWorkspaces: new Set(),
    affectedUsers: new Set(),
  };
  for (const mutation of request.mutations) {
    const result = await applyOne(pool, runner, by, request.clientGroupID, mutation, requestId);
    if (result.kind === 'future') break;
    outcome[result.kind] += 1;
    if (result.workspaceId) outcome.affectedWorkspaces.add(result.workspaceId);
    if (result.kind === 'refused') outcome.affectedUsers.add(by.userId);
  }
  return outcome;
}

type Applied =
  | { kind: 'applied' | 'refused' | 'skipped'; workspaceId?: string | null }
  | { kind: 'future'; workspaceId?: undefined };

async function applyOne(
  pool: pg.Pool,
  runner: CommandRunner,
  by: CommandActor & { userId: string },
  clientGroupId: string,
  mutation: PushMutation,
  requestId: string,
): Promise<Applied> {
  const attempt = await runner
    .inTransaction(async (scope) => {
      const { tx } = scope;
      await ensureClientGroup(tx, clientGroupId, by.userId);
      const last = await lastMutationId(tx, mutation.clientID, clientGroupId);
      if (mutation.id <= last) return { kind: 'skipped' as const };
      // A gap means the client is ahead of us (e.g. our database was restored): stop; Replicache resends.
      if (mutation.id > last + 1) return { kind: 'future' as const };
      const result = await runner.run(scope, by, mutation.name, mutation.args, requestId);
      await setLastMutationId(tx, mutation.clientID, mutation.id);
      return { kind: 'applied' as const, workspaceId: result.workspaceId };
    })
    .catch((error: unknown) => ({ kind: 'error' as const, error }));

  if (attempt.kind !== 'error') {
    if (attempt.kind === 'future' || attempt.kind === 'skipped') return { kind: attempt.kind };
    return attempt;
  }
  if (!isRefusal(attempt.error)) throw attempt.error;

  // Error mode: the mutation's own transaction rolled back; record the refusal and advance the id.
  const refusal = attempt.error;
  return runner.inTransaction(async (scope) => {
    const { tx } = scope;
    await ensureClientGroup(tx, clientGroupId, by.userId);
    const last = await lastMutationId(tx, mutation.clientID, clientGroupId);
    if (mutation.id <= last) return { kind: 'skipped' as const };
    const about = await runner.describe(scope, mutation.name, mutation.args);
    const envelope = toErrorEnvelope(refusal, requestId).body.error;
    const member = about.workspaceId
      ? await one<{ role: string }>(
          tx,
          'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL',
          [about.workspaceId, by.userId],
        )
      : undefined;
    const reason =
      envelope.code === 'insufficient_role' && member
        ? `your role is ${member.role.charAt(0).toUpperCase()}${member.role.slice(1)}`
        : envelope.message;
    scope.effects.poke({ userId: by.userId });
    await tx.query(
      `INSERT INTO sync_notices (user_id, workspace_id, client_group_id, client_id, mutation_id, mutation_name, code, message, details,
                                 resource_type, resource_id, resource_title)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        by.userId,
        about.workspaceId,
        clientGroupId,
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
    await setLastMutationId(tx, mutation.clientID, mutation.id);
    return { kind: 'refused' as const, workspaceId: about.workspaceId };
  });
}

/** "Your change to “Spring sale” was not saved: <reason>" — the sentence the editor shows. */
export function noticeMessage(title: string | null, reason: string): string {
  const subject = title ? `Your change to “${title}”` : 'Your change';
  const why = reason.replace(/\.$/, '');
  return `${subject} was not saved: ${why.charAt(0).toLowerCase()}${why.slice(1)}.`;
}

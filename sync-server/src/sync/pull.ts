import type { RowOf } from '@linkhub/shared/server/db/row';
import type { replicacheClientGroups, replicacheClientViews } from '@linkhub/shared/server/db/schema/sync';
import type pg from 'pg';
import type { PullRequest, PullResponse } from '@linkhub/shared/sync/protocol';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { one, rows, withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import { buildPatch, diffCvr, toEntries, type CvrEntries } from './cvr';
import { loadFingerprint, loadMemberships, loadVisibleRows } from './visible-set';
import { loadViewValues } from './view-rows';

/** CVR entries also record each client's last mutation id, under keys no Replicache key can take. */
const CLIENT_KEY = 'client:';

type ClientGroupRow = RowOf<typeof replicacheClientGroups, 'id' | 'userId' | 'cvrVersion'>;

export async function ensureClientGroup(
  db: Queryable,
  clientGroupId: string,
  userId: string,
): Promise<ClientGroupRow> {
  await db.query(
    'INSERT INTO replicache_client_groups (id, user_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING',
    [clientGroupId, userId],
  );
  const group = await one<ClientGroupRow>(
    db,
    'SELECT id, user_id, cvr_version FROM replicache_client_groups WHERE id = $1 FOR UPDATE',
    [clientGroupId],
  );
  // A client group is one browser profile of one user; another user's id is answered as if it did not exist.
  if (!group || group.user_id !== userId) throw new NotFoundError();
  return group;
}

const SERIALIZATION_FAILURE = '40001';
const isSerializationFailure = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === SERIALIZATION_FAILURE;

/** A consistent snapshot for the whole diff; two pulls of one group racing retry rather than fail. */
/** Pull reads the group without locking it: an unchanged pull writes nothing (no WAL flush on commit). */
async function readClientGroup(
  db: Queryable,
  clientGroupId: string,
  userId: string,
): Promise<ClientGroupRow> {
  const group = await one<ClientGroupRow>(
    db,
    'SELECT id, user_id, cvr_version FROM replicache_client_groups WHERE id = $1',
    [clientGroupId],
  );
  if (!group) return ensureClientGroup(db, clientGroupId, userId);
  if (group.user_id !== userId) throw new NotFoundError();
  return group;
}

async function inRepeatableRead<T>(
  pool: pg.Pool,
  fn: (db: pg.PoolClient) => Promise<T>,
  attempts = 3,
): Promise<T> {
  try {
    return await withTransaction(pool, fn, { isolation: 'REPEATABLE READ' });
  } catch (error) {
    if (attempts > 1 && isSerializationFailure(error)) return inRepeatableRead(pool, fn, attempts - 1);
    throw error;
  }
}

/**
 * Row versioning with client view records (ARCHITECTURE.md#the-life-of-an-offline-edit): diff what the user may read now against what
 * the client group was last sent. When every change counter is where it was, answer without a diff.
 */
export async function handlePull(pool: pg.Pool, userId: string, request: PullRequest): Promise<PullResponse> {
  return inRepeatableRead(pool, async (db) => {
    const group = await readClientGroup(db, request.clientGroupID, userId);
    // The fingerprint first: an unchanged view is answered without reading the (large) entries.
    const recorded = request.cookie
      ? await one<RowOf<typeof replicacheClientViews, 'fingerprint'>>(
          db,
          'SELECT fingerprint FROM replicache_client_views WHERE client_group_id = $1 AND cvr_version = $2',
          [group.id, request.cookie.cvr],
        )
      : undefined;
    const memberships = await loadMemberships(db, userId);
    const fingerprint = await loadFingerprint(db, userId, memberships, group.id);
    if (request.cookie && recorded && recorded.fingerprint === fingerprint) {
      return { cookie: request.cookie, lastMutationIDChanges: {}, patch: [] };
    }
    const previous =
      request.cookie && recorded
        ? await one<{ entries: CvrEntries }>(
            db,
            'SELECT entries FROM replicache_client_views WHERE client_group_id = $1 AND cvr_version = $2',
            [group.id, request.cookie.cvr],
          )
        : undefined;

    const clients = await rows<{ id: string; last_mutation_id: string }>(
      db,
      'SELECT id, last_mutation_id FROM replicache_clients WHERE client_group_id = $1',
      [group.id],
    );
    const current = toEntries(await loadVisibleRows(db, userId));
    const prevEntries = previous?.entries ?? {};
    const lastMutationIDChanges: Record<string, number> = {};
    for (const client of clients) {
      const lmid = Number(client.last_mutation_id);
      current[`${CLIENT_KEY}${client.id}`] = lmid;
      if (prevEntries[`${CLIENT_KEY}${client.id}`] !== lmid) lastMutationIDChanges[client.id] = lmid;
    }
    const diff = diffCvr(prevEntries, current);
    const rowPuts = diff.puts.filter((key) => !key.startsWith(CLIENT_KEY));
    const rowDels = diff.dels.filter((key) => !key.startsWith(CLIENT_KEY));
    const values = await loadViewValues(db, rowPuts, userId);
    // An unknown or pruned cookie gets the whole view after a clear, never a patch against a guess.
    const patch = buildPatch({ puts: rowPuts, dels: rowDels }, values, !previous);

    const nextVersion = group.cvr_version + 1;
    // Compare-and-set: of two pulls of one group racing, the second retries on a fresh snapshot.
    const advanced = await db.query(
      'UPDATE replicache_client_groups SET cvr_version = $2, last_pull_at = now() WHERE id = $1 AND cvr_version = $3',
      [group.id, nextVersion, group.cvr_version],
    );
    if (advanced.rowCount !== 1)
      throw Object.assign(new Error('concurrent pull of one client group'), { code: SERIALIZATION_FAILURE });
    await db.query(
      'INSERT INTO replicache_client_views (client_group_id, cvr_version, entries, fingerprint) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
      [group.id, nextVersion, JSON.stringify(current), fingerprint],
    );
    return { cookie: { order: nextVersion, cvr: nextVersion }, lastMutationIDChanges, patch };
  });
}

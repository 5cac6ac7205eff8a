import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@linkhub/shared/server/db/fixtures';
import { createDb } from '@linkhub/shared/server/db';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { collectSyncGarbage } from './sync-gc';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => t.close());

describe('sync-gc', () => {
  it('keeps the newest client view records of each group and deletes idle groups with their clients', async () => {
    const db = createDb(t.database.url);
    const user = await insertUser(db.db, {});
    await db.close();
    const q = (text: string, values: unknown[] = []) => t.deps.pool.query(text, values);
    await q(
      "INSERT INTO replicache_client_groups (id, user_id, cvr_version, last_pull_at) VALUES ('active', $1, 8, now()), ('idle', $1, 2, now() - interval '200 days')",
      [user.id],
    );
    await q(
      "INSERT INTO replicache_clients (id, client_group_id, last_mutation_id) VALUES ('c-active', 'active', 3), ('c-idle', 'idle', 1)",
    );
    for (let v = 1; v <= 8; v += 1)
      await q("INSERT INTO replicache_client_views (client_group_id, cvr_version) VALUES ('active', $1)", [
        v,
      ]);
    await q(
      "INSERT INTO replicache_client_views (client_group_id, cvr_version) VALUES ('idle', 1), ('idle', 2)",
    );

    const result = await collectSyncGarbage(t.deps.pool, { keep_views: 5, idle_days: 90 });

    const views = await q(
      'SELECT client_group_id, cvr_version FROM replicache_client_views ORDER BY client_group_id, cvr_version',
    );
    expect(views.rows).toEqual([4, 5, 6, 7, 8].map((v) => ({ client_group_id: 'active', cvr_version: v })));
    expect((await q('SELECT id FROM replicache_client_groups')).rows).toEqual([{ id: 'active' }]);
    expect((await q('SELECT id FROM replicache_clients')).rows).toEqual([{ id: 'c-active' }]);
    expect(result.groups_deleted).toBe(1);
  });
});

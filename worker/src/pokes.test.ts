import { duplicateRedis } from '@linkhub/shared/server/redis/client';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey, pokeChannel } from '@linkhub/shared/cache/keys';
import { createDb } from '@linkhub/shared/server/db';
import { insertMember, insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createIngestConsumer } from './ingest/consumer';
import { createTestWorkerDeps, type TestWorkerDeps } from './testing';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => t.close());

describe('editors hear about fresh analytics', () => {
  it("pokes every member of the workspace once an ingested click changed its summaries, and nobody else's", async () => {
    const db = createDb(t.database.url);
    const owner = await insertUser(db.db, {});
    const editor = await insertUser(db.db, {});
    const outsider = await insertUser(db.db, {});
    const { workspace } = await insertWorkspace(db.db, { ownerUserId: owner.id });
    await insertMember(db.db, { workspaceId: workspace.id, userId: editor.id, role: 'editor' });
    await insertWorkspace(db.db, { ownerUserId: outsider.id });
    await db.close();

    const prefix = t.deps.config.REDIS_PREFIX;
    const listener = duplicateRedis(t.deps.redis);
    const poked: string[] = [];
    listener.on('message', (channel: string) => poked.push(channel));
    await listener.subscribe(
      pokeChannel(prefix, owner.id),
      pokeChannel(prefix, editor.id),
      pokeChannel(prefix, outsider.id),
    );
    const ingest = createIngestConsumer(
      { pool: t.deps.pool, redis: t.deps.redis, logger: t.deps.logger, prefix },
      { consumerName: 'poke', blockMs: 50 },
    );
    try {
      await ingest.ensureGroup();
      await t.deps.redis.xadd(
        clicksStreamKey(prefix),
        '*',
        ...toBatchStreamFields([testEvent({ workspace_id: workspace.id, resource_id: randomUUID() })]),
      );
      const batch = await ingest.readNew();
      await ingest.handle(batch);
      await ingest.idle();
      for (let i = 0; i < 40 && poked.length < 2; i += 1) await new Promise((r) => setTimeout(r, 25));
      expect(poked.sort()).toEqual([pokeChannel(prefix, owner.id), pokeChannel(prefix, editor.id)].sort());

      // a batch that changes no summary (a redelivered, already stored entry) pokes no one
      poked.length = 0;
      const again = await ingest.handle(batch, { redelivered: true });
      expect(again.inserted).toBe(0);
      await ingest.idle();
      await new Promise((r) => setTimeout(r, 100));
      expect(poked).toEqual([]);
    } finally {
      await ingest.stop();
      listener.disconnect();
    }
  });
});

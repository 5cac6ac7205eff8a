import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'bullmq';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { analyticsMaintenance } from '../processors/analytics-maintenance';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { oldestUnstoredMs } from './ingest-frontier';

/**
 * The cube's hours are closed by the clock and by the ingest: an hour with an event still waiting
 * in `clicks:raw` (unread, or read and not acknowledged) is not built, on real Redis and PostgreSQL.
 */
let t: TestWorkerDeps;
let stream = '';
const HOUR_MS = 3_600_000;

beforeAll(async () => {
  t = await createTestWorkerDeps();
  stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
});
afterAll(async () => t.close());

const builtThrough = async () =>
  (await t.deps.pool.query<{ b: Date | null }>('SELECT built_through AS b FROM analytics_cube_state')).rows[0]
    ?.b;

describe('the ingest frontier and the fold task', () => {
  it('nothing waits when there is no stream; an unread entry waits from its capture time', async () => {
    expect(await oldestUnstoredMs(t.deps.redis, t.deps.config.REDIS_PREFIX)).toBeNull();
    const twoHoursAgo = Date.now() - 2 * HOUR_MS;
    await t.deps.redis.xadd(stream, `${twoHoursAgo}-0`, 'e', 'x');
    // no consumer group yet: the first entry
    expect(await oldestUnstoredMs(t.deps.redis, t.deps.config.REDIS_PREFIX)).toBe(twoHoursAgo);
    await t.deps.redis.xgroup('CREATE', stream, INGEST_GROUP, '0');
    expect(await oldestUnstoredMs(t.deps.redis, t.deps.config.REDIS_PREFIX)).toBe(twoHoursAgo);
  });

  it('the fold builds only the hours before the one still waiting, then all once it is stored', async () => {
    const [first] = await t.deps.redis.xrange(stream, '-', '+', 'COUNT', 1);
    const waitingHour = Math.floor(Number(first?.[0].split('-')[0]) / HOUR_MS) * HOUR_MS;
    // read but not acknowledged: still pending
    await t.deps.redis.xreadgroup('GROUP', INGEST_GROUP, 'test', 'COUNT', '10', 'STREAMS', stream, '>');
    const job = {} as Job;
    await analyticsMaintenance({ task: 'fold' }, job, t.deps);
    expect((await builtThrough())?.getTime()).toBe(waitingHour);
    const entries = await t.deps.redis.xrange(stream, '-', '+');
    await t.deps.redis.xack(stream, INGEST_GROUP, ...entries.map(([id]) => id));
    expect(await oldestUnstoredMs(t.deps.redis, t.deps.config.REDIS_PREFIX)).toBeNull();
    await analyticsMaintenance({ task: 'fold' }, job, t.deps);
    expect((await builtThrough())?.getTime()).toBe(Math.floor(Date.now() / HOUR_MS) * HOUR_MS);
  });
});

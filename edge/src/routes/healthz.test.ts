import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

describe('edge /healthz and the analytics ingest', () => {
  it('names a missing consumer group while captures wait, degraded but 200 (redirects do not depend on it)', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const stream = clicksStreamKey(h.prefix);
    await h.redis.xadd(stream, '*', 'v', '3');
    try {
      const res = await visit(app, LINK_HOST, '/healthz');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({
        status: 'degraded',
        redis: 'up',
        postgres: 'up',
        ingest: 'consumer group missing (1 stream entries unread)',
        missing: ['ingest'],
      });
    } finally {
      await h.redis.del(stream);
    }
    expect(await (await visit(app, LINK_HOST, '/healthz')).json()).toMatchObject({
      status: 'ok',
      ingest: 'ok',
      missing: [],
    });
  });

  it('is public: it says the status and what is missing, never the operating counters (those are on /metrics)', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    await visit(app, LINK_HOST, '/no-such-slug');
    const body: unknown = await (await visit(app, LINK_HOST, '/healthz')).json();
    expect(body).toEqual({
      status: 'ok',
      redis: 'up',
      postgres: 'up',
      ingest: 'ok',
      queue_redis: 'ok',
      missing: [],
    });
  });
});

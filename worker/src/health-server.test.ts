import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { ErrorEnvelopeSchema } from '@linkhub/shared/errors/envelope';
import { createHealthServer } from './health-server';
import { createTestWorkerDeps, type TestWorkerDeps } from './testing';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('worker health server', () => {
  let t: TestWorkerDeps;
  let server: http.Server;
  let base: string;
  let running = true;
  beforeAll(async () => {
    t = await createTestWorkerDeps();
    server = createHealthServer(t.deps, { queues: [], isRunning: () => running });
    base = await listen(server);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('GET /healthz is 200 when PostgreSQL, Redis and the workers are up', async () => {
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      checks: { postgres: 'ok', redis: 'ok', queue_redis: 'ok', workers: 'ok', ingest: 'ok' },
      queues: [],
    });
  });

  it('is 503 naming the stopped workers', async () => {
    running = false;
    const res = await fetch(`${base}/healthz`);
    running = true;
    expect(res.status).toBe(503);
    const body = ErrorEnvelopeSchema.parse(await res.json());
    expect(body.error.details).toEqual([{ field: 'workers', issue: 'stopped' }]);
  });

  it('is 503 with the reason while clicks wait in a stream the ingest group is missing from (Redis came back empty)', async () => {
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.xadd(stream, '*', 'v', '3');
    try {
      const res = await fetch(`${base}/healthz`);
      expect(res.status).toBe(503);
      const body = ErrorEnvelopeSchema.parse(await res.json());
      expect(body.error.details).toEqual([
        { field: 'ingest', issue: 'consumer group missing (1 stream entries unread)' },
      ]);
      expect(body.error.message).toMatch(/ingest consumer group missing/);
    } finally {
      await t.deps.redis.del(stream);
    }
  });

  it('is 503 when the oldest unread entry has waited over a minute, 200 once it is read', async () => {
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.xadd(stream, '1000-0', 'v', '3'); // an id of 1970: captured long ago
    await t.deps.redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '0');
    try {
      const stalled = await fetch(`${base}/healthz`);
      expect(stalled.status).toBe(503);
      expect(ErrorEnvelopeSchema.parse(await stalled.json()).error.details[0]?.issue).toMatch(
        /^stalled: the oldest unread entry is \d+ s old$/,
      );
      await t.deps.redis.call('XREADGROUP', 'GROUP', INGEST_GROUP, 'c', 'STREAMS', stream, '>');
      await t.deps.redis.call('XACK', stream, INGEST_GROUP, '1000-0');
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await t.deps.redis.del(stream);
    }
  });

  it('answers other paths with the 404 envelope', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('not_found');
  });
});

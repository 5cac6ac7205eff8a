import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createMetrics } from '../metrics';
import { privateRedis, type PrivateRedis } from '../testing/private-redis';
import { createCapture } from './capture';
import { eventLineOf } from './event-line';

/** During a Redis outage the edge keeps a bounded buffer and sends it on reconnect. */
let server: PrivateRedis;
let client: Redis;
let reader: Redis;
const stream = clicksStreamKey('');

beforeAll(async () => {
  server = await privateRedis();
  await server.start();
  // As the edge connects (redis-connections.ts): fail fast while down, keep reconnecting.
  client = new Redis(server.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    retryStrategy: () => 50,
  });
  client.on('error', () => undefined);
  reader = new Redis(server.url, { retryStrategy: () => 50 });
  reader.on('error', () => undefined);
});
afterAll(async () => {
  client.disconnect();
  reader.disconnect();
  await server.stop();
});

function event(n: number): AnalyticsEvent {
  return testEvent({
    workspace_id: 'ws-1',
    resource_id: `link-${n}`,
    occurred_at: new Date(Date.UTC(2026, 5, 1, 12, 0, n)).toISOString(),
  });
}
const until = async (done: () => boolean | Promise<boolean>): Promise<void> => {
  for (let i = 0; i < 500 && !(await done()); i++) await new Promise((r) => setTimeout(r, 10));
};
const streamed = async (): Promise<string[]> =>
  streamEvents(await reader.xrange(stream, '-', '+')).map((e) => e.resource_id);

describe('capture across a Redis outage', () => {
  it('holds events while Redis is down, sends them after it restarts empty, and counts what did not fit', async () => {
    await until(() => client.status === 'ready');
    const metrics = createMetrics();
    const capture = createCapture(client, '', metrics, true, {
      batchSize: 1000,
      flushMs: 5,
      outageCapacity: 5,
    });
    capture.emit(eventLineOf(event(0)));
    await capture.flush();
    expect(await streamed()).toEqual(['link-0']);

    await server.stop();
    await until(() => client.status !== 'ready');
    expect(client.status).not.toBe('ready');
    for (let n = 1; n <= 8; n++) capture.emit(eventLineOf(event(n)));
    expect(capture.held).toBe(5);
    expect(metrics.captureOverflow).toBe(3);

    await server.start();
    await until(async () => reader.status === 'ready' && (await streamed().catch(() => [])).length >= 5);
    // The restarted server is empty: exactly the held events arrived, oldest first; none of the overflow.
    expect(await streamed()).toEqual(['link-1', 'link-2', 'link-3', 'link-4', 'link-5']);
    expect(capture.held).toBe(0);
    expect(metrics.captured).toBe(6);
    expect(metrics.captureHeld).toBe(5);
    expect(metrics.captureOverflow).toBe(3);
  });
});

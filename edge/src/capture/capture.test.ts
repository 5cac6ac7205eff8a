import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { streamEvents, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
// eslint-disable-next-line no-restricted-imports -- test-only: the per-file Redis key prefix (no database is touched)
import { testRedisPrefix } from '@linkhub/shared/server/db/testing';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { createMetrics } from '../metrics';
import { edgeRedis, ready, REDIS_URL, unreachableRedis } from '../testing/harness';
import { createSaltSource } from '@linkhub/shared/server/analytics/salt';
import { uaMemoKey } from '@linkhub/shared/server/analytics/ua';
import type { RequestFacts } from '../request/request-facts';
import { createCapture, createVisitorIds } from './capture';
import { eventLineOf } from './event-line';

const prefix = testRedisPrefix();
const reader = new Redis(REDIS_URL);
const client = edgeRedis();
afterAll(async () => {
  const keys = await reader.keys(`${prefix}*`);
  if (keys.length > 0) await reader.del(...keys);
  reader.disconnect();
  client.disconnect();
});

function event(n: number): AnalyticsEvent {
  return testEvent({
    workspace_id: 'ws-1',
    resource_id: `link-${n}`,
    occurred_at: new Date(Date.UTC(2026, 5, 1, 12, 0, n % 60)).toISOString(),
    utm_source: n % 2 === 0 ? 'ig' : null,
  });
}

describe('capture (batched XADD)', () => {
  it('puts every event on the stream, in order, one batch entry per batch', async () => {
    await ready(client);
    const metrics = createMetrics();
    const capture = createCapture(client, prefix, metrics, true, { batchSize: 50, flushMs: 1000 });
    const events = Array.from({ length: 120 }, (_, n) => event(n));
    for (const e of events) capture.emit(eventLineOf(e));
    await capture.flush();
    const entries = await reader.xrange(clicksStreamKey(prefix), '-', '+');
    expect(entries.map(([, fields]) => fields.slice(0, 2))).toEqual([
      ['v', '3'],
      ['v', '3'],
      ['v', '3'],
    ]);
    expect(entries.map(([id, fields]) => streamEvents([[id, fields]]))).toEqual([
      events.slice(0, 50),
      events.slice(50, 100),
      events.slice(100),
    ]);
    expect(metrics.captured).toBe(120);
    expect(metrics.captureFailed).toBe(0);
  });

  it('sends a partial batch on its own after flushMs, without anyone calling flush', async () => {
    await ready(client);
    const metrics = createMetrics();
    const capture = createCapture(client, prefix, metrics, true, { batchSize: 1000, flushMs: 5 });
    capture.emit(eventLineOf(event(7)));
    for (let i = 0; i < 200 && metrics.captured === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(metrics.captured).toBe(1);
  });

  it('holds events, not sent, while Redis is not connected; does nothing when disabled', async () => {
    const metrics = createMetrics();
    const down = createCapture(unreachableRedis(), prefix, metrics, true);
    down.emit(eventLineOf(event(1)));
    down.emit(eventLineOf(event(2)));
    await down.flush();
    expect(metrics.captureHeld).toBe(2);
    expect(down.held).toBe(2);
    expect(metrics.captured).toBe(0);
    const off = createCapture(client, prefix, metrics, false);
    off.emit(eventLineOf(event(3)));
    await off.flush();
    expect(metrics.captured).toBe(0);
  });
});

describe('visitor ids', () => {
  const facts = {
    ip: '81.2.69.142',
    userAgent: 'curl/8',
    uaKey: uaMemoKey('curl/8'),
  } as const satisfies Partial<RequestFacts>;
  const visit = (ip: string): RequestFacts => ({
    ...facts,
    ip,
    ua: { deviceType: 'other', osFamily: null, browserFamily: null, isBot: true },
    geo: { country: null, region: null },
    languages: [],
    language: null,
    referrerHost: null,
    query: '',
  });

  it("keeps one visitor's hash for the UTC day and changes it the next day; the ua_hash follows the salt too", async () => {
    await ready(client);
    const ids = createVisitorIds(createSaltSource(client, prefix));
    const morning = await ids(new Date('2026-06-01T00:00:01Z'), 'ws-1', visit('81.2.69.142'));
    const evening = await ids(new Date('2026-06-01T23:59:59Z'), 'ws-1', visit('81.2.69.142'));
    const other = await ids(new Date('2026-06-01T12:00:00Z'), 'ws-1', visit('81.2.69.143'));
    const nextDay = await ids(new Date('2026-06-02T00:00:00Z'), 'ws-1', visit('81.2.69.142'));
    expect(evening).toEqual(morning);
    expect(morning.durable).toBe(true);
    expect(other.visitorHash).not.toBe(morning.visitorHash);
    expect(other.uaHash).toBe(morning.uaHash);
    expect(nextDay.visitorHash).not.toBe(morning.visitorHash);
    expect(nextDay.uaHash).not.toBe(morning.uaHash);
  });
});

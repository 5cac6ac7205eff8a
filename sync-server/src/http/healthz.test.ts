import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { ErrorEnvelopeSchema } from '@linkhub/shared/errors/envelope';
import { healthzEditorViewSchema } from '@linkhub/shared/schemas/healthz';
import { createTestApp, type TestApp } from '../testing/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /healthz and the analytics ingest', () => {
  it('is 503 naming the missing consumer group while captured clicks wait (Redis came back empty)', async () => {
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.xadd(stream, '*', 'v', '3');
    try {
      const res = await t.app.request('/healthz');
      expect(res.status).toBe(503);
      const json: unknown = await res.json();
      // Only the figures go stale: the editor's changes still sync.
      expect(healthzEditorViewSchema.parse(json).takes_edits).toBe(true);
      const body = ErrorEnvelopeSchema.parse(json);
      expect(body.error.details).toEqual([
        { field: 'ingest', issue: 'consumer group missing (1 stream entries unread)' },
      ]);
    } finally {
      await t.deps.redis.del(stream);
    }
  });

  it('is 503 when entries wait unread for over a minute, and 200 again once the group read them', async () => {
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.xadd(stream, '1000-0', 'v', '3');
    await t.deps.redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '0');
    try {
      const res = await t.app.request('/healthz');
      expect(res.status).toBe(503);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.message).toMatch(
        /ingest stalled: the oldest unread entry is \d+ s old/,
      );
      await t.deps.redis.call('XREADGROUP', 'GROUP', INGEST_GROUP, 'c', 'STREAMS', stream, '>');
      await t.deps.redis.call('XACK', stream, INGEST_GROUP, '1000-0');
      expect((await t.app.request('/healthz')).status).toBe(200);
    } finally {
      await t.deps.redis.del(stream);
    }
  });
});

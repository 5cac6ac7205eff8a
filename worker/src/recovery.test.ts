import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import type pg from 'pg';
import { freeLocalPort, startPrivateRedis, type PrivateRedis } from './testing';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    value = await read();
  }
  return value;
}

describe('worker after Redis restarts empty', () => {
  let database: TestDatabase;
  let redis: PrivateRedis;
  let worker: ChildProcess;
  let pool: pg.Pool;
  let healthUrl: string;
  let output = '';
  beforeAll(async () => {
    database = await createTestDatabase();
    redis = await startPrivateRedis();
    pool = createDirectPool(database.url, 2);
    const port = await freeLocalPort();
    healthUrl = `http://127.0.0.1:${port}/healthz`;
    worker = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: '',
        WORKER_HEALTH_PORT: String(port),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const status = await until(
      () =>
        fetch(healthUrl).then(
          (r) => r.status,
          () => 0,
        ),
      (s) => s === 200,
      30_000,
    );
    expect(status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    worker.kill('SIGKILL');
    redis.stop();
    await pool.end();
    await database.drop();
  });

  async function clicksOf(resource: string): Promise<number> {
    const res = await pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM click_events WHERE resource_id = $1',
      [resource],
    );
    return Number(res.rows[0]?.n ?? 0);
  }
  async function schedulerIds(client: Redis): Promise<string[]> {
    const queue = new Queue('analytics-maintenance', { connection: client, prefix: bullPrefix('') });
    const ids = (await queue.getJobSchedulers()).map((s) => s.key);
    await queue.close();
    return ids.sort();
  }

  it('creates the consumer group and the schedulers again, ingests what is captured after, once each', async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    try {
      const before = await schedulerIds(client);
      expect(before).toContain('analytics-fold');

      await redis.restartEmpty();
      // The edge writes as soon as Redis answers, maybe before the worker noticed anything.
      const ws = randomUUID();
      const link = randomUUID();
      const events = Array.from({ length: 7 }, (_, i) =>
        testEvent({ workspace_id: ws, resource_id: link }, `v${i}`),
      );
      await client.xadd(clicksStreamKey(''), '*', ...toBatchStreamFields(events.slice(0, 4)));
      await client.xadd(clicksStreamKey(''), '*', ...toBatchStreamFields(events.slice(4)));

      expect(
        await until(
          () => clicksOf(link),
          (n) => n >= 7,
        ),
      ).toBe(7);
      expect(
        await until(
          () => schedulerIds(client),
          (ids) => ids.length === before.length,
        ),
      ).toEqual(before);
      // Later captures still flow, and nothing is written twice.
      await client.xadd(
        clicksStreamKey(''),
        '*',
        ...toBatchStreamFields([testEvent({ workspace_id: ws, resource_id: link }, 'late')]),
      );
      expect(
        await until(
          () => clicksOf(link),
          (n) => n >= 8,
        ),
      ).toBe(8);
      await new Promise((r) => setTimeout(r, 500));
      expect(await clicksOf(link)).toBe(8);
      expect((await fetch(healthUrl)).status).toBe(200);
    } finally {
      client.disconnect();
    }
  }, 60_000);

  it('does the same when the data vanishes without a reconnect (FLUSHALL): NOGROUP leads it there', async () => {
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    client.on('error', () => undefined);
    try {
      const before = await schedulerIds(client);
      await client.flushall();
      const ws = randomUUID();
      const link = randomUUID();
      await client.xadd(
        clicksStreamKey(''),
        '*',
        ...toBatchStreamFields(
          [1, 2, 3].map((i) => testEvent({ workspace_id: ws, resource_id: link }, `f${i}`)),
        ),
      );
      expect(
        await until(
          () => clicksOf(link),
          (n) => n >= 3,
        ),
      ).toBe(3);
      expect(
        await until(
          () => schedulerIds(client),
          (ids) => ids.length === before.length,
        ),
      ).toEqual(before);
      expect(output).toMatch(/ingest consumer group was gone/);
    } finally {
      client.disconnect();
    }
  }, 60_000);
});

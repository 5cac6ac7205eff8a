import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
      checks: { postgres: 'ok', redis: 'ok', workers: 'ok' },
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

  it('answers other paths with the 404 envelope', async () => {
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(404);
    expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('not_found');
  });
});

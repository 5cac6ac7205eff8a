import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@linkhub/shared/errors/envelope';
import { ConflictError } from '@linkhub/shared/errors/app-error';
import { closedPortUrl, createTestApp, type TestApp } from './testing/app';

describe('sync-server app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Routes a test adds to the composed app go through the same middleware and error handler.
    t.app.get('/test/conflict', () => {
      throw new ConflictError('slug_taken', { details: [{ field: 'slug', issue: 'taken' }] });
    });
    t.app.get('/test/crash', () => {
      throw new Error('SELECT secret FROM internals failed at /srv/app.ts:12');
    });
  });
  afterAll(async () => t.close());

  it('GET /healthz is 200 with PostgreSQL and Redis ok', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: 'ok',
      takes_edits: true,
      checks: { postgres: 'ok', redis: 'ok', queue_redis: 'ok', ingest: 'ok' },
    });
  });

  it('gives every response a request id, keeping a plain one the caller sent', async () => {
    const fresh = await t.app.request('/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(/^req_[\w-]{16}$/);
    const kept = await t.app.request('/healthz', { headers: { 'X-Request-Id': 'edge-abc-12345' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-abc-12345');
    const replaced = await t.app.request('/healthz', { headers: { 'X-Request-Id': 'bad id <script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^req_/);
  });

  it('answers an unknown route with the 404 envelope', async () => {
    const res = await t.app.request('/v1/nothing-here', { method: 'POST' });
    expect(res.status).toBe(404);
    const body = ErrorEnvelopeSchema.parse(await res.json());
    expect(body.error.code).toBe('not_found');
    expect(body.error.message).toContain('POST /v1/nothing-here');
    expect(body.error.request_id).toBe(res.headers.get('x-request-id'));
  });

  it('sends an AppError as its code, status and details', async () => {
    const res = await t.app.request('/test/conflict');
    expect(res.status).toBe(409);
    const body = ErrorEnvelopeSchema.parse(await res.json());
    expect(body.error).toMatchObject({ code: 'slug_taken', details: [{ field: 'slug', issue: 'taken' }] });
  });

  it('sends an unexpected error as 500 internal_error without internals', async () => {
    const res = await t.app.request('/test/crash');
    expect(res.status).toBe(500);
    const text = await res.text();
    const body = ErrorEnvelopeSchema.parse(JSON.parse(text));
    expect(body.error.code).toBe('internal_error');
    expect(body.error.details).toEqual([]);
    expect(text).not.toContain('SELECT');
    expect(text).not.toContain('/srv/app.ts');
  });
});

describe('sync-server healthz with Redis unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: await closedPortUrl('redis') });
  });
  afterAll(async () => t.close());

  it('is 503 naming redis, with postgres still ok', async () => {
    const res = await t.app.request('/healthz');
    expect(res.status).toBe(503);
    const body = (await res.json()) as {
      status: string;
      checks: Record<string, string>;
      error: { details: unknown[] };
    };
    expect(body.status).toBe('unavailable');
    expect(body.checks).toEqual({ postgres: 'ok', redis: 'unreachable' });
    expect(ErrorEnvelopeSchema.parse(body).error).toMatchObject({
      code: 'service_unavailable',
      details: [{ field: 'redis', issue: 'unreachable' }],
    });
  });
});

describe('sync-server serving the built PWA', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'linkhub-pwa-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LinkHub editor</title>');
    writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({ PWA_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files and the app shell for client-side routes', async () => {
    const root = await t.app.request('/', { headers: { Accept: 'text/html' } });
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('LinkHub editor');
    const asset = await t.app.request('/assets/app.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('javascript');
    const deepLink = await t.app.request('/links/abc', { headers: { Accept: 'text/html' } });
    expect(await deepLink.text()).toContain('LinkHub editor');
  });

  it('keeps API paths and missing assets as 404 envelopes', async () => {
    for (const target of ['/api/unknown', '/v1/unknown', '/assets/missing.js']) {
      const res = await t.app.request(target, { headers: { Accept: 'text/html' } });
      expect(res.status, target).toBe(404);
      expect(ErrorEnvelopeSchema.parse(await res.json()).error.code).toBe('not_found');
    }
  });
});

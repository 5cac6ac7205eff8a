import { createQrCodeCommand } from '../resources/qr-codes/commands';
import { commandStep } from '../kernel/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Link } from '@linkhub/shared/schemas/links';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../testing/v1-kit';
import { UNAUTHENTICATED_PER_MINUTE } from './rate-limit';
import { createHash } from 'node:crypto';
import { uuidv7 } from '@linkhub/shared/server/db';
import { AppError } from '@linkhub/shared/errors/app-error';
import { findApiKeyByToken } from '../identity/api-keys';
import { apiKeyActor } from '../identity/actor';
import { commandActorOf } from '../kernel/types';

let kit: V1Kit;
let key: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

describe('Idempotency-Key', () => {
  it('replays the first response for the same body, refuses a different body, writes once', async () => {
    const headers = { 'Idempotency-Key': 'order-1234' };
    const body = { destination_url: 'https://example.com/once', title: 'Once' };
    const before = await kit.count('links');
    const first = await kit.api('POST', '/v1/links', { key, body, headers });
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const replay = await kit.api('POST', '/v1/links', { key, body, headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replay.headers.get('Location')).toBe(first.headers.get('Location'));
    expect(await replay.text()).toBe(firstBody);
    expect(await kit.count('links')).toBe(before + 1);

    const reused = await kit.api('POST', '/v1/links', { key, body: { ...body, title: 'Twice' }, headers });
    expect(reused.status).toBe(422);
    expect((await json<ErrorBody>(reused)).error.code).toBe('idempotency_key_reused');
    expect(await kit.count('links')).toBe(before + 1);

    // Keys are per API key, and expire after 24 h.
    const otherKey = await kit.key(ALL_SCOPES);
    expect((await kit.api('POST', '/v1/links', { key: otherKey, body, headers })).status).toBe(201);
    const stored = await kit.deps.pool.query<{ hours: number }>(
      "SELECT round(extract(epoch FROM expires_at - created_at) / 3600) AS hours FROM idempotency_keys WHERE key = 'order-1234' LIMIT 1",
    );
    expect(Number(stored.rows[0]?.hours)).toBe(24);
    await kit.deps.pool.query(
      "UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = 'order-1234'",
    );
    const afterExpiry = await kit.api('POST', '/v1/links', {
      key,
      body: { ...body, title: 'Fresh' },
      headers,
    });
    expect(afterExpiry.status).toBe(201);
    expect(afterExpiry.headers.get('Idempotent-Replayed')).toBeNull();
  });

  it('answers 409 idempotency_key_in_progress while the first request with the key is still running', async () => {
    const body = JSON.stringify({ destination_url: 'https://example.com/slow' });
    const row = await findApiKeyByToken(kit.deps.pool, key);
    const hash = createHash('sha256').update(`POST\n/v1/links\n${body}`).digest('hex');
    await kit.deps.pool.query(
      "INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, 'running-1', $2)",
      [`api_key:${row?.id ?? ''}`, hash],
    );
    const before = await kit.count('links');
    const res = await kit.api('POST', '/v1/links', {
      key,
      raw: body,
      headers: { 'Idempotency-Key': 'running-1' },
    });
    expect(res.status).toBe(409);
    expect((await json<ErrorBody>(res)).error.code).toBe('idempotency_key_in_progress');
    expect(await kit.count('links')).toBe(before);
  });

  it('rejects a malformed key with 400', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://example.com/' },
      headers: { 'Idempotency-Key': 'x'.repeat(256) },
    });
    expect(res.status).toBe(400);
    expect((await json<ErrorBody>(res)).error.details[0]?.field).toBe('Idempotency-Key');
  });
});

describe('rate limits', () => {
  it('limits a key to its plan per minute (Free: 60) with RateLimit-* and Retry-After', async () => {
    const freeKey = await kit.key(['links:read'], 'other');
    let last: Response | null = null;
    for (let i = 0; i < 60; i += 1) {
      last = await kit.api('GET', '/v1/links?limit=1', { key: freeKey });
      expect(last.status).toBe(200);
    }
    expect(last?.headers.get('RateLimit-Limit')).toBe('60');
    expect(last?.headers.get('RateLimit-Remaining')).toBe('0');
    const limited = await kit.api('GET', '/v1/links?limit=1', { key: freeKey });
    expect(limited.status).toBe(429);
    const body = await json<ErrorBody>(limited);
    expect(body.error.code).toBe('rate_limited');
    const retry = Number(limited.headers.get('Retry-After'));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.headers.get('RateLimit-Reset')).toBe(String(retry));
    // Another key is not affected; the business workspace's key has 3,000.
    const ok = await kit.api('GET', '/v1/links?limit=1', { key });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('RateLimit-Limit')).toBe('3000');
  });

  it('limits unauthenticated callers per (hashed) IP, never storing the raw address', async () => {
    for (let i = 0; i < UNAUTHENTICATED_PER_MINUTE; i += 1) {
      expect((await kit.api('GET', '/v1/links')).status).toBe(401);
    }
    const limited = await kit.api('GET', '/v1/links');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBeTruthy();
    const keys = await kit.deps.redis.keys(`${rateLimitKey(kit.deps.config.REDIS_PREFIX, 'ip', '')}*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const k of keys) expect(k).not.toMatch(/unknown|127\.0\.0\.1|::1/);
  });
});

describe('body size', () => {
  it('answers a huge body with 413 request_too_large and writes nothing', async () => {
    const before = await kit.count('links');
    const res = await kit.api('POST', '/v1/links', {
      key,
      raw: JSON.stringify({ destination_url: 'https://example.com/', title: 'x'.repeat(300_000) }),
    });
    expect(res.status).toBe(413);
    expect((await json<ErrorBody>(res)).error.code).toBe('request_too_large');
    expect(await kit.count('links')).toBe(before);
    const link = (await json<Envelope<Link[]>>(await kit.api('GET', '/v1/links?limit=1', { key }))).data;
    expect(Array.isArray(link)).toBe(true);
  });
});

describe('destination safety is in the command layer (both doors)', () => {
  it('a command run directly (as a Replicache push would) refuses an unsafe destination', async () => {
    const row = await findApiKeyByToken(kit.deps.pool, key);
    if (!row) throw new Error('no key row');
    const by = commandActorOf(apiKeyActor(row));
    const run = kit.deps.commands.execute(
      by,
      commandStep(createQrCodeCommand, {
        id: uuidv7(),
        workspace_id: kit.owner.workspaceId,
        destination_url: 'https://intranet.example.com/',
      }),
      null,
    );
    await expect(run).rejects.toSatisfy(
      (e: unknown) => e instanceof AppError && e.code === 'destination_unsafe',
    );
  });
});

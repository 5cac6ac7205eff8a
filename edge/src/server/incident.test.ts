import { validateHeaderValue } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { createHarness, LINK_HOST, ready, type Harness } from '../testing/harness';
import { startListener, type ListenerServer } from '../testing/listener-server';
import { genericPageResponse, redirectResponse } from '../routes/respond';

/**
 * The incident: a destination above U+00FF stored raw (as before the door normalised)
 * made node:http throw ERR_INVALID_CHAR on the Location header and the edge exited.
 */
let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
let listener: ListenerServer;

const LEGACY = {
  tokyo: ['https://ja.wikipedia.org/wiki/東京', 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC'],
  apple: ['https://аpple.com/', 'https://xn--pple-43d.com/'],
  fullwidth: ['https://ｅｘａｍｐｌｅ.com/ü', 'https://example.com/%C3%BC'],
} as const;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme' });
  for (const [slug, [raw]] of Object.entries(LEGACY)) {
    await h.seed.link(ws, h.domains.linkDomainId, slug, raw);
    await h.seed.qr(ws, h.domains.linkDomainId, `qr-${slug}`, raw);
  }
  edge = h.app();
  await ready(edge.edgeRedis);
  listener = await startListener(edge);
});
afterAll(async () => {
  await listener.close();
  await h.close();
});

describe('legacy Unicode destinations at the edge', () => {
  it('redirect links and QR codes with a percent-encoded, valid Location, and the edge stays up', async () => {
    for (const [slug, [, encoded]] of Object.entries(LEGACY)) {
      for (const path of [`/${slug}`, `/qr-${slug}`, `/${slug}?utm_source=x`]) {
        const res = await listener.get(LINK_HOST, path);
        expect(res.status, path).toBe(302);
        const location = String(res.headers.location);
        expect(location.startsWith(encoded), `${path} → ${location}`).toBe(true);
        expect(() => validateHeaderValue('Location', location)).not.toThrow();
      }
    }
    expect(edge.metrics.requestFailures).toBe(0);
    expect(listener.server.listening).toBe(true);
  });

  it('a payload cached raw before the fix is encoded when read back', async () => {
    await listener.get(LINK_HOST, '/tokyo');
    const key = redirectKey(h.prefix, LINK_HOST, 'tokyo');
    const cached = await h.redis.get(key);
    expect(cached).not.toBeNull();
    const legacy = String(cached).replace(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
      'https://ja.wikipedia.org/wiki/東京',
    );
    expect(legacy).toContain('東京');
    await h.redis.set(key, legacy);
    const fresh = h.app({ hotCache: undefined });
    await ready(fresh.edgeRedis);
    const server = await startListener(fresh);
    try {
      const res = await server.get(LINK_HOST, '/tokyo');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC');
    } finally {
      await server.close();
    }
  });
});

describe('containment: whatever throws answers that request only', () => {
  const refused = 'https://ja.wikipedia.org/wiki/東京';

  it('a response node:http refuses is replaced by its fallback, counted, and the next request is served', async () => {
    const failures = edge.metrics.requestFailures;
    const server = await startListener(edge, {
      redirect: () =>
        Promise.resolve({
          kind: 'respond',
          response: redirectResponse(refused),
          fallback: genericPageResponse,
        }),
    });
    try {
      const res = await server.get(LINK_HOST, '/anything');
      expect(res.status).toBe(200);
      expect(res.body).toContain('This code is working');
      expect(edge.metrics.requestFailures).toBe(failures + 1);
      expect((await server.get(LINK_HOST, '/again')).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('a redirect handler that throws answers the generic page (a QR code may be behind any slug), never a 5xx', async () => {
    const server = await startListener(edge, { redirect: () => Promise.reject(new Error('boom')) });
    try {
      const res = await server.get(LINK_HOST, '/menu');
      expect(res.status).toBe(200);
      expect(server.server.listening).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('a Hono answer with a header node:http refuses is repaired (Location) rather than a 500', async () => {
    const server = await startListener(edge, {
      // A Response cannot hold a character above U+00FF, but it can hold controls node:http refuses.
      fetch: () => new Response(null, { status: 302, headers: { Location: 'https://example.com/a\u0001b' } }),
    });
    try {
      const res = await server.get('bio.localhost', '/maya/l/block');
      expect(res.status).toBe(302);
      expect(res.headers.location).toBe('https://example.com/a%01b');
    } finally {
      await server.close();
    }
  });
});

describe('a NUL or other unstorable text in a slug or host', () => {
  it('answers not-found pages without a database query', async () => {
    const before = edge.lookup.queryCount;
    for (const path of ['/a%00b', '/%00', '/x%01y', '/%ED%A0%80', '/a%C2%85']) {
      const res = await listener.get(LINK_HOST, path);
      expect(res.status, path).toBe(404);
      expect(res.body).toContain('Link not found');
    }
    const bio = await listener.get('bio.localhost', '/maya%00');
    expect(bio.status).toBeLessThan(500);
    expect(edge.lookup.queryCount).toBe(before);
  });
});

import { createServer, request, type Server } from 'node:http';
import { connect } from 'node:net';
import { PUBLIC_SERVER_OPTIONS } from '@linkhub/shared/server/net/host-header';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents } from '@linkhub/shared/analytics/event';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { refreshRedirect } from '@linkhub/shared/server/cache/refresh';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { BIO_HOST, createHarness, LINK_HOST, ready, type Harness } from '../testing/harness';
import { createEdgeListener } from './edge-listener';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
let server: Server;
let port = 0;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };
function send(
  method: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host, ...headers } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
const get = (host: string, path: string, headers?: Record<string, string>) =>
  send('GET', host, path, headers);

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme Coffee', holding_page: { title: 'Menu coming soon' } });
  await h.seed.link(ws, h.domains.linkDomainId, 'spring', 'https://example.com/spring?ref=site', {
    utm: { source: 'newsletter' },
  });
  await h.seed.qr(ws, h.domains.linkDomainId, 'paused-qr', 'https://example.com/x', { status: 'paused' });
  const { id: _id, workspace_id: _ws, ...page } = samplePageSnapshot({ links: 2 });
  await h.seed.page(ws, h.domains.bioDomainId, 'maya', page);
  const bioDomain = await h.seed.customDomain(ws, 'maya.example', 'bio');
  await h.seed.page(ws, bioDomain, 'shop', { ...page, title: 'Maya custom domain' });
  edge = h.app();
  await ready(edge.edgeRedis);
  await edge.hotCache?.whenActive();
  const listener = createEdgeListener({
    fetch: edge.app.fetch,
    redirect: edge.service.redirect,
    hosts: edge.service.hosts,
    logger: createLogger('edge-test', { level: 'silent' }),
    metrics: edge.metrics,
  });
  server = createServer(PUBLIC_SERVER_OPTIONS, listener);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  port = typeof address === 'object' && address !== null ? address.port : 0;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

describe('edge listener (node:http hot path in front of Hono)', () => {
  it('302s a link with no-store, slug matched case-insensitively and percent-decoded, UTMs merged, the visit query passed through', async () => {
    const res = await get(LINK_HOST, '/%53pring?gclid=abc&utm_source=visitor');
    expect(res.status).toBe(302);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const url = new URL(String(res.headers.location));
    expect(url.searchParams.getAll('utm_source')).toEqual(['newsletter']);
    expect(url.searchParams.get('ref')).toBe('site');
    expect(url.searchParams.get('gclid')).toBe('abc');
    expect(res.body).toBe('');
  });

  it('captures the visit with geo from the first untrusted X-Forwarded-For hop (loopback is a trusted proxy), no raw IP or UA on the stream', async () => {
    await get(LINK_HOST, '/spring', { 'x-forwarded-for': '81.2.69.142', 'user-agent': IPHONE });
    await edge.service.capture.flush();
    const entries = await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+');
    const events = streamEvents(entries);
    expect(events.some((e) => e.country_code === 'GB' && e.device_type === 'mobile')).toBe(true);
    const text = entries.map(([, f]) => f.join(' ')).join('\n');
    expect(text).not.toContain('81.2.69.142');
    expect(text).not.toContain('iPhone OS');
  });

  it('answers the fallback pages itself: a paused QR code gets the holding page, an unknown slug the branded 404', async () => {
    const holding = await get(LINK_HOST, '/paused-qr');
    expect(holding.status).toBe(200);
    expect(holding.headers['cache-control']).toBe('public, max-age=60');
    expect(holding.headers['content-security-policy']).toContain('nonce-');
    expect(holding.body).toContain('Menu coming soon');
    const missing = await get(LINK_HOST, '/no-such-link');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('Link not found');
  });

  it('hands everything else to the Hono app (health, bio host, custom bio domains: root and handles, deeper paths); HEAD redirects like GET', async () => {
    expect((await get(LINK_HOST, '/healthz')).status).toBe(200);
    expect((await get(BIO_HOST, '/maya')).body).toContain('Maya Lin');
    expect((await get('maya.example', '/shop')).body).toContain('Maya custom domain');
    expect((await get('maya.example', '/')).body).toContain('Maya custom domain');
    expect((await get(BIO_HOST, '/maya/l/lnk001')).status).toBe(302);
    expect((await get(LINK_HOST, '/')).status).toBe(404);
    const head = await send('HEAD', LINK_HOST, '/spring');
    expect(head.status).toBe(302);
  });

  it('redirects a re-pointed link to the new destination on the very next request over HTTP', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'over-http', 'https://example.com/v0');
    const io = { sql: h.sql, redis: h.redis, prefix: h.prefix };
    await refreshRedirect(io, LINK_HOST, 'over-http');
    for (let version = 1; version <= 10; version++) {
      expect((await get(LINK_HOST, '/over-http')).headers.location).toBe(
        `https://example.com/v${version - 1}`,
      );
      expect((await get(LINK_HOST, '/over-http')).headers.location).toBe(
        `https://example.com/v${version - 1}`,
      );
      await h.sql.query(
        `UPDATE links SET destination_url = $1, row_version = row_version + 1 WHERE id = $2`,
        [`https://example.com/v${version}`, id],
      );
      await refreshRedirect(io, LINK_HOST, 'over-http');
      expect((await get(LINK_HOST, '/over-http')).headers.location).toBe(`https://example.com/v${version}`);
    }
    expect(edge.metrics.hotCacheHits).toBeGreaterThan(0);
  });

  it('answers a request without Host, or with two, 400 in the envelope, and does not count it as a failure', async () => {
    const failuresBefore = edge.metrics.requestFailures;
    for (const [head, issue] of [
      ['GET /spring HTTP/1.0\r\n\r\n', 'missing'],
      ['GET /spring HTTP/1.1\r\nConnection: close\r\n\r\n', 'missing'],
      [
        `GET /spring HTTP/1.1\r\nHost: ${LINK_HOST}\r\nHost: evil.example\r\nConnection: close\r\n\r\n`,
        'duplicate',
      ],
    ] as const) {
      const raw = await rawRequest(head);
      expect(raw).toMatch(/^HTTP\/1\.1 400 /);
      const body = JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as {
        error: { code: string; details: { field: string; issue: string }[]; request_id: string };
      };
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.details).toEqual([{ field: 'host', issue }]);
      expect(body.error.request_id).toMatch(/^req_/);
    }
    expect(edge.metrics.requestFailures).toBe(failuresBefore);
    expect((await get(LINK_HOST, '/spring')).status).toBe(302);
  });
});

/** Everything the server writes back for one hand-written request. */
function rawRequest(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (out += chunk));
    socket.on('end', () => resolve(out));
    socket.on('error', reject);
  });
}

import { validateHeaderValue } from 'node:http';
import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, expect } from 'vitest';
import { BIO_HOST, createHarness, LINK_HOST, ready, type Harness } from '../testing/harness';
import { startListener, type Answer, type ListenerServer } from '../testing/listener-server';

/**
 * The edge door: random hosts, paths, headers and stored destinations drawn from all of
 * Unicode, against the running shape of the edge (node:http listener, real Redis and PostgreSQL).
 * Never a 5xx from input alone, every Location a header Node accepts, a QR code never anything but
 * 200 or 302, and the server still listening after every request.
 */
let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
let listener: ListenerServer;
let counter = 0;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme', holding_page: { title: 'Back soon' } });
  await h.seed.link(ws, h.domains.linkDomainId, 'plain', 'https://example.com/plain');
  await h.seed.qr(ws, h.domains.linkDomainId, 'menu', 'https://example.com/menu');
  edge = h.app();
  await ready(edge.edgeRedis);
  listener = await startListener(edge);
});
afterAll(async () => {
  await listener.close();
  await h.close();
});

/** What a client can put in a header at all (node:http's own rule). */
const headerText = fc.string({ unit: 'binary', maxLength: 80 }).map((s) =>
  [...s]
    .filter((c) => /^[\t\x20-\x7e\x80-\xff]$/.test(c))
    .join('')
    .trim(),
);
const hex = (bytes: Uint8Array) => [...bytes].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
/** A path segment as a client sends it: percent-encoded Unicode, arbitrary bytes (invalid UTF-8, NUL), or raw URL characters. */
const segment = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }).map((s) => encodeURIComponent(s)),
  fc.uint8Array({ maxLength: 12 }).map(hex),
  fc.stringMatching(/^[A-Za-z0-9\-._~!$&'()*+,;=:@%]{0,30}$/),
);
const path = fc
  .tuple(fc.array(segment, { minLength: 1, maxLength: 3 }), fc.option(segment))
  .map(([parts, query]) => `/${parts.join('/')}${query === null ? '' : `?${query}`}`);
const host = fc.oneof(
  fc.constant(LINK_HOST),
  fc.constant(BIO_HOST),
  fc.constant(`${LINK_HOST}:8787`),
  headerText,
);
const visitorHeaders = fc.record(
  {
    'user-agent': headerText,
    'accept-language': headerText,
    referer: headerText,
    'x-forwarded-for': headerText,
    cookie: headerText,
  },
  { requiredKeys: [] },
);
/** A destination as a legacy row may hold it: any Unicode in host, path and query, or no URL at all. */
const storedDestination = fc.oneof(
  fc
    .tuple(
      fc.constantFrom('https', 'http', 'mailto', 'tel', 'javascript', 'ftp'),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
    )
    .map(([scheme, hostPart, pathPart, query]) => `${scheme}://${hostPart}/${pathPart}?${query}`),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
);
/** PostgreSQL text cannot hold NUL; a legacy row never could either. */
const storable = (s: string) => s.replaceAll('\u0000', '') || 'x';

function assertSendable(res: Answer): void {
  const location = res.headers.location;
  if (location !== undefined) expect(() => validateHeaderValue('Location', String(location))).not.toThrow();
  expect(listener.server.listening).toBe(true);
}

test.prop([host, path, visitorHeaders])(
  'any request: never a 5xx, every Location a valid header, the edge still up',
  async (hostHeader, requestPath, headers) => {
    const res = await listener.get(hostHeader, requestPath, headers);
    expect(res.status, `${hostHeader} ${requestPath}`).toBeLessThan(500);
    assertSendable(res);
  },
);

test.prop([fc.option(segment), visitorHeaders])(
  'a QR code answers 200 or 302 whatever the query and headers',
  async (query, headers) => {
    const res = await listener.get(LINK_HOST, `/MENU${query === null ? '' : `?${query}`}`, headers);
    expect([200, 302]).toContain(res.status);
    assertSendable(res);
  },
);

test.prop([storedDestination, fc.option(segment)])(
  'any stored destination: a QR code 200/302, a link 302/404, never a refused header',
  async (raw, query) => {
    counter += 1;
    const destination = storable(raw);
    await h.seed.link(ws, h.domains.linkDomainId, `l${counter}`, destination);
    await h.seed.qr(ws, h.domains.linkDomainId, `q${counter}`, destination);
    const suffix = query === null ? '' : `?${query}`;
    const link = await listener.get(LINK_HOST, `/l${counter}${suffix}`);
    expect([302, 404], destination).toContain(link.status);
    assertSendable(link);
    const qr = await listener.get(LINK_HOST, `/q${counter}${suffix}`);
    expect([200, 302], destination).toContain(qr.status);
    assertSendable(qr);
    expect(edge.metrics.requestFailures).toBe(0);
  },
);

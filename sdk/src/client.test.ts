import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLinkHubClient, dataOf } from './client';
import { LinkHubApiError, retryAfterSeconds } from './errors';
import { paginate } from './pagination';

/** The client's runtime against a real HTTP server that answers like the API, one scripted answer per request. */
type Seen = {
  method: string;
  url: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
};
type Answer = { status: number; headers?: Record<string, string>; body: string };

let server: Server;
let baseUrl: string;
let answers: Answer[] = [];
let seen: Seen[] = [];
const slept: number[] = [];

const envelope = (code: string, message: string, details: unknown[] = []) =>
  JSON.stringify({ error: { code, message, details, request_id: 'req_1' } });
const link = (id: string) => ({ id, short_url: `http://lnk.test/${id}` });

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const answer = answers.shift() ?? { status: 500, body: envelope('internal_error', 'unscripted') };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  answers = [];
  seen = [];
  slept.length = 0;
});

const client = (maxRetries = 2) =>
  createLinkHubClient({
    baseUrl,
    apiKey: 'lh_test',
    maxRetries,
    maxRetryDelaySeconds: 10,
    sleep: async (ms) => {
      slept.push(ms);
    },
  });

describe('createLinkHubClient', () => {
  it('sends the key, and a POST with one idempotency key that its retries reuse', async () => {
    answers = [
      { status: 503, headers: { 'retry-after': '2' }, body: envelope('service_unavailable', 'busy') },
      { status: 201, body: JSON.stringify({ data: link('a'), meta: {} }) },
    ];
    const { data } = await dataOf(
      client().POST('/v1/links', { body: { destination_url: 'https://x.example/' } }),
    );
    expect(data.id).toBe('a');
    expect(seen).toHaveLength(2);
    expect(seen.map((s) => s.authorization)).toEqual(['Bearer lh_test', 'Bearer lh_test']);
    expect(seen[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[1]?.idempotencyKey).toBe(seen[0]?.idempotencyKey);
    expect(seen[1]?.body).toBe('{"destination_url":"https://x.example/"}');
    expect(slept).toEqual([2000]);
  });

  it('waits Retry-After on 429 and gives up after its retries with the typed error', async () => {
    const limited = {
      status: 429,
      headers: { 'retry-after': '1' },
      body: envelope('rate_limited', 'Slow down'),
    };
    answers = [limited, limited, limited];
    const error = await client()
      .GET('/v1/links')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LinkHubApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      requestId: 'req_1',
      retryAfterSeconds: 1,
    });
    expect(seen).toHaveLength(3);
    expect(slept).toEqual([1000, 1000]);
  });

  it('does not wait for a Retry-After longer than the client allows', async () => {
    answers = [
      { status: 429, headers: { 'retry-after': '3600' }, body: envelope('rate_limited', 'Slow down') },
    ];
    await expect(client().GET('/v1/links')).rejects.toMatchObject({
      code: 'rate_limited',
      retryAfterSeconds: 3600,
    });
    expect(seen).toHaveLength(1);
  });

  it('never retries a refusal: the envelope comes back as it is, details included', async () => {
    answers = [
      {
        status: 400,
        body: envelope('validation_failed', 'Check the highlighted fields', [
          { field: 'destination_url', issue: 'unsafe_scheme' },
        ]),
      },
    ];
    await expect(
      client().POST('/v1/links', { body: { destination_url: 'javascript:alert(1)' } }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
      details: [{ field: 'destination_url', issue: 'unsafe_scheme' }],
    });
    expect(seen).toHaveLength(1);
  });

  it('reports an answer that is not the envelope (a proxy page) as unexpected_response', async () => {
    answers = [{ status: 502, body: '<html>Bad gateway</html>' }];
    await expect(client(0).GET('/v1/links')).rejects.toMatchObject({
      status: 502,
      code: 'unexpected_response',
      message: 'HTTP 502: <html>Bad gateway</html>',
    });
  });

  it('walks every page of a list through next_cursor', async () => {
    answers = [
      { status: 200, body: JSON.stringify({ data: [link('a'), link('b')], meta: { next_cursor: 'c1' } }) },
      { status: 200, body: JSON.stringify({ data: [link('c')], meta: { next_cursor: null } }) },
    ];
    const lh = client();
    const ids: string[] = [];
    const pages = paginate((cursor) =>
      dataOf(lh.GET('/v1/links', { params: { query: { cursor, limit: 2 } } })),
    );
    for await (const item of pages) ids.push(item.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(seen.map((s) => s.url)).toEqual(['/v1/links?limit=2', '/v1/links?cursor=c1&limit=2']);
  });
});

describe('retryAfterSeconds', () => {
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Mon, 07 Dec 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds('Mon, 07 Dec 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterSeconds('soon', now)).toBeNull();
    expect(retryAfterSeconds(null, now)).toBeNull();
  });
});

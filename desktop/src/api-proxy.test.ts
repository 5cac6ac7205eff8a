import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiPath } from './api-proxy';
import { createAppProtocolHandler } from './protocol';

/** A stand-in sync server on a real socket: echoes what it received, streams SSE on /replicache/poke. */
let server: Server;
let syncOrigin = '';
let root = '';
let handler: (request: Request) => Promise<Response>;

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
};

beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.url === '/replicache/poke') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
      res.write('event: poke\ndata: {}\n\n');
      setTimeout(() => res.end('event: poke\ndata: {"n":2}\n\n'), 50);
      return;
    }
    const body = await readBody(req);
    res.writeHead(req.url?.startsWith('/v1/missing') ? 404 : 200, {
      'Content-Type': 'application/json',
      'X-Request-Id': 'req-1',
      'Set-Cookie': 'lh_session=x',
    });
    res.end(
      JSON.stringify({
        method: req.method,
        url: req.url,
        body,
        authorization: req.headers.authorization ?? null,
        origin: req.headers.origin ?? null,
        cookie: req.headers.cookie ?? null,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  syncOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  root = await mkdtemp(path.join(tmpdir(), 'linkhub-proxy-'));
  await writeFile(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  handler = createAppProtocolHandler({ root, syncOrigin, forward: fetch });
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

describe('API requests from the app reach the sync server', () => {
  it('forwards /api, /v1, /replicache and /healthz with method, query, body and Authorization', async () => {
    const response = await handler(
      new Request('app://linkhub/replicache/push?schema=1', {
        method: 'POST',
        headers: {
          Authorization: 'Bearer lh_sess_1',
          'Content-Type': 'application/json',
          Origin: 'app://linkhub',
          Cookie: 'a=b',
        },
        body: JSON.stringify({ mutations: [] }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('req-1');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await response.json()).toEqual({
      method: 'POST',
      url: '/replicache/push?schema=1',
      body: '{"mutations":[]}',
      authorization: 'Bearer lh_sess_1',
      origin: null,
      cookie: null,
    });
    expect(await (await handler(new Request('app://linkhub/healthz'))).json()).toMatchObject({
      url: '/healthz',
    });
    expect(await (await handler(new Request('app://linkhub/api/me'))).json()).toMatchObject({
      url: '/api/me',
    });
  });

  it('passes the server’s status through, and app routes that only look similar stay in the app', async () => {
    expect((await handler(new Request('app://linkhub/v1/missing'))).status).toBe(404);
    const route = await handler(new Request('app://linkhub/apiary'));
    expect(await route.text()).toContain('<div id="root">');
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/v1/links')).toBe(true);
    expect(isApiPath('/healthz/x')).toBe(true);
    expect(isApiPath('/v10')).toBe(false);
    expect(isApiPath('/workspace/1/links')).toBe(false);
  });

  it('streams server-sent events as they come (the poke channel)', async () => {
    const response = await handler(new Request('app://linkhub/replicache/poke'));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text).toBe('event: poke\ndata: {}\n\nevent: poke\ndata: {"n":2}\n\n');
  });

  it('answers 503 in the error envelope when the sync server is unreachable (offline), never the app shell', async () => {
    const offline = createAppProtocolHandler({ root, syncOrigin: 'http://127.0.0.1:9', forward: fetch });
    const response = await offline(new Request('app://linkhub/healthz'));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: {
        code: 'sync_server_unreachable',
        message: expect.any(String),
        details: [],
        request_id: expect.any(String),
      },
    });
  });
});

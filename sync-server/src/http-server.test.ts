import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { startKit, type Kit } from './testing/accounts-kit';
import { createSyncHttpServer } from './http-server';

/** The sync-server's own node:http server (what main.ts listens with) in front of the real app. */
let kit: Kit;
let server: Server;
let port = 0;
let token = '';

beforeAll(async () => {
  kit = await startKit();
  token = (await kit.signUp('http-server@example.com')).token;
  server = createSyncHttpServer(kit.app.fetch, createLogger('http-server-test', { level: 'silent' }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await kit?.stop();
});

/** Everything the server writes back for one hand-written request. */
function rawRequest(head: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let out = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (out += chunk));
    socket.on('end', () => {
      const split = out.indexOf('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(out)?.[1] ?? 0),
        headers: out.slice(0, split).toLowerCase(),
        body: out.slice(split + 4),
      });
    });
    socket.on('error', reject);
  });
}

type Envelope = { error: { code: string; details: { field: string; issue: string }[]; request_id: string } };

describe('one Host header, or 400 in the envelope', () => {
  it.each([
    ['no Host (HTTP/1.0)', 'GET /api/me HTTP/1.0\r\n\r\n', 'missing'],
    ['no Host (HTTP/1.1)', 'GET /api/me HTTP/1.1\r\nConnection: close\r\n\r\n', 'missing'],
    [
      'two Host headers',
      'GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\nConnection: close\r\n\r\n',
      'duplicate',
    ],
  ])('%s', async (_name, head, issue) => {
    const answer = await rawRequest(head);
    expect(answer.status).toBe(400);
    expect(answer.headers).toContain('content-type: application/json');
    const body = JSON.parse(answer.body) as Envelope;
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details).toEqual([{ field: 'host', issue }]);
    expect(body.error.request_id).toMatch(/^req_/);
  });

  it('serves a request with one Host header', async () => {
    const answer = await rawRequest(
      `GET /api/me HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: lh_session=${token}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer.status).toBe(200);
  });
});

describe('session answers are never cached', () => {
  it('/api/me, an /api refusal and a /v1 answer carry Cache-Control: no-store', async () => {
    const me = await kit.call('GET', '/api/me', { headers: { Cookie: `lh_session=${token}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    const anonymous = await kit.call('GET', '/api/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const links = await kit.call('GET', '/v1/links', { headers: { Authorization: `Bearer ${token}` } });
    expect(links.headers.get('cache-control')).toBe('no-store');
  });
});

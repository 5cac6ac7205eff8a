import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLocalPort } from '@linkhub/shared/server/net/free-port';

/**
 * D-390: the scale-out HAProxy file replays a request that reached an instance only where a replay
 * cannot apply it twice. Two stand-in upstreams behind the real file (the sync-server and edge pools)
 * read a request and then die without answering, the first time they see a path; every request is
 * counted. A POST without an Idempotency-Key must reach one instance once (the client gets a 502 or
 * the hang-up, and decides itself);
 * a GET, or a /v1 POST carrying a key, is replayed on the other instance and answered.
 */
const CFG = path.resolve(import.meta.dirname, 'haproxy.cfg');

type Upstream = { server: Server; port: number };
const seen = new Map<string, number>();

async function upstream(): Promise<Upstream> {
  const server = createServer((req, res) => {
    if (req.url === '/healthz') return void res.writeHead(200).end('ok');
    const key = `${req.method} ${req.url}`;
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    req.resume();
    req.on('end', () => {
      // The body was read (a create would have run): die without a byte of answer, the first time.
      if (count === 1) return void req.socket.destroy();
      res.writeHead(req.method === 'POST' ? 201 : 200).end('done');
    });
  });
  const port = await freeLocalPort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

function send(
  port: number,
  method: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: pathname, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    // HAProxy passes the instance's hang-up on to the client (no response, the connection closed).
    req.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(0) : reject(error),
    );
    req.end(method === 'POST' ? '{"destination_url":"https://example.com"}' : undefined);
  });
}

let haproxy: ChildProcess;
let upstreams: Upstream[] = [];
let syncPort = 0;
let edgePort = 0;

beforeAll(async () => {
  upstreams = [await upstream(), await upstream()];
  const [a, b] = upstreams.map((u) => `127.0.0.1:${u.port}`);
  [syncPort, edgePort] = [await freeLocalPort(), await freeLocalPort()];
  haproxy = spawn('haproxy', ['-db', '-f', CFG], {
    env: {
      ...process.env,
      LH_EDGE_BIND: `127.0.0.1:${edgePort}`,
      LH_SYNC_BIND: `127.0.0.1:${syncPort}`,
      LH_STATS_BIND: `127.0.0.1:${await freeLocalPort()}`,
      LH_EDGE_1: a ?? '',
      LH_EDGE_2: b ?? '',
      LH_SYNC_1: a ?? '',
      LH_SYNC_2: b ?? '',
    },
    stdio: 'ignore',
  });
  // Listening once a request through it reaches an upstream (the health checks' own GETs are not counted).
  for (let i = 0; i < 200; i++) {
    const status = await send(syncPort, 'GET', '/ready').catch(() => 0);
    if (status !== 0) break;
    await new Promise((r) => setTimeout(r, 50));
  }
});

afterAll(async () => {
  haproxy?.kill('SIGKILL');
  await Promise.all(upstreams.map((u) => new Promise((r) => u.server.close(r))));
});

describe('HAProxy retries (e2e/scale-out/haproxy.cfg)', () => {
  it('never replays a POST without an Idempotency-Key that reached an instance: it runs once, the client sees the failure', async () => {
    const failed = [502, 0]; // a 502, or the hang-up passed on
    expect(failed).toContain(await send(syncPort, 'POST', '/v1/links'));
    expect(seen.get('POST /v1/links')).toBe(1);
    expect(failed).toContain(await send(edgePort, 'POST', '/maya/signup'));
    expect(seen.get('POST /maya/signup')).toBe(1);
  });

  it('replays a /v1 POST carrying an Idempotency-Key on the other instance', async () => {
    expect(await send(syncPort, 'POST', '/v1/qr-codes', { 'Idempotency-Key': 'create-1' })).toBe(201);
    expect(seen.get('POST /v1/qr-codes')).toBe(2);
  });

  it('replays a GET on the other instance: a scan or a read never sees the dying one', async () => {
    expect(await send(edgePort, 'GET', '/qr-scan')).toBe(200);
    expect(seen.get('GET /qr-scan')).toBe(2);
    expect(await send(syncPort, 'GET', '/v1/links')).toBe(200);
    expect(seen.get('GET /v1/links')).toBe(2);
  });

  it('does not take an Idempotency-Key as a licence to replay an edge POST (the edge keeps no record of keys)', async () => {
    expect([502, 0]).toContain(
      await send(edgePort, 'POST', '/maya/signup-again', { 'Idempotency-Key': 'k' }),
    );
    expect(seen.get('POST /maya/signup-again')).toBe(1);
  });
});

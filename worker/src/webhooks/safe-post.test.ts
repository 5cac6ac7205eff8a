import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolveHost } from '@linkhub/shared/server/net/address-policy';
import { safePost, type SafePostOptions } from './safe-post';

/**
 * SSRF cases. A real receiver listens on 127.0.0.2; only that address is allowed by the
 * injected policy in the tests that must reach it, so every refusal below is the real policy's.
 */
const hits: string[] = [];
let receiver: Server;
let inside: Server;
let receiverPort = 0;
let insidePort = 0;

function listen(server: Server, host: string): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  inside = createServer((req, res) => {
    hits.push(`inside ${req.url ?? ''}`);
    res.end('secret');
  });
  insidePort = await listen(inside, '127.0.0.1');
  receiver = createServer((req, res) => {
    hits.push(`receiver ${req.url ?? ''}`);
    if (req.url === '/redirect') {
      res.writeHead(302, { Location: `http://127.0.0.1:${insidePort}/metadata` });
      return res.end();
    }
    if (req.url === '/slow') return; // never answers
    if (req.url === '/huge') {
      res.writeHead(200);
      return res.end(Buffer.alloc(2_000_000, 97));
    }
    res.writeHead(req.url === '/fail' ? 500 : 204);
    res.end();
  });
  receiverPort = await listen(receiver, '127.0.0.2');
});
afterAll(async () => {
  await new Promise((r) => receiver.close(r));
  await new Promise((r) => inside.close(r));
});

const publicDns: ResolveHost = async (host) => {
  if (host === 'loop.example.com') return ['127.0.0.1'];
  if (host === 'mixed.example.com') return ['93.184.216.34', '10.0.0.7'];
  if (host === 'metadata.example.com') return ['169.254.169.254'];
  if (host === 'v6loop.example.com') return ['::1'];
  if (host === 'receiver.example.com') return ['127.0.0.2'];
  throw new Error('NXDOMAIN');
};
const strict: SafePostOptions = { resolveHost: publicDns, timeoutMs: 2_000 };
const onlyReceiver: SafePostOptions = {
  ...strict,
  allowAddress: (a: string) => a === '127.0.0.2',
  allowPort: () => true,
};
const post = (url: string, opts: SafePostOptions = strict) =>
  safePost(url, '{}', { 'Content-Type': 'application/json' }, opts);

describe('webhook delivery never reaches inside', () => {
  it('refuses loopback, metadata, [::1] and private literals before connecting', async () => {
    for (const url of [
      `http://127.0.0.1:${insidePort}/`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[::1]:${insidePort}/`,
      'https://10.1.2.3/',
      'https://[::ffff:127.0.0.1]/',
      'https://localhost/',
      'https://db.internal/',
    ])
      expect(await post(url), url).toEqual({ kind: 'failed', status: null, reason: 'refused_address' });
    expect(hits.filter((h) => h.startsWith('inside'))).toEqual([]);
  });

  it('refuses a name resolving to loopback, metadata or ::1, and a name with any private address among public ones', async () => {
    for (const host of [
      'loop.example.com',
      'metadata.example.com',
      'v6loop.example.com',
      'mixed.example.com',
    ])
      expect(await post(`https://${host}:${insidePort}/`), host).toMatchObject({
        kind: 'failed',
        reason: 'refused_address',
      });
    expect(await post('https://nowhere.example.com/')).toMatchObject({
      kind: 'failed',
      reason: 'unresolvable',
    });
    expect(hits.filter((h) => h.startsWith('inside'))).toEqual([]);
  });

  it('refuses every port but 443 and 80 before connecting, even on an allowed address', async () => {
    const before = hits.length;
    const { allowPort: _everyPort, ...webPortsOnly } = onlyReceiver;
    expect(await post(`http://receiver.example.com:${receiverPort}/ok`, webPortsOnly)).toEqual({
      kind: 'failed',
      status: null,
      reason: 'refused_address',
    });
    expect(hits.length).toBe(before);
  });

  it('connects to the checked address, follows no redirect (a 302 to loopback is a failed delivery)', async () => {
    expect(await post(`http://receiver.example.com:${receiverPort}/ok`, onlyReceiver)).toEqual({
      kind: 'delivered',
      status: 204,
    });
    expect(await post(`http://receiver.example.com:${receiverPort}/redirect`, onlyReceiver)).toEqual({
      kind: 'failed',
      status: 302,
      reason: 'redirect',
    });
    expect(await post(`http://receiver.example.com:${receiverPort}/fail`, onlyReceiver)).toEqual({
      kind: 'failed',
      status: 500,
      reason: 'http_status',
    });
    expect(hits.filter((h) => h.startsWith('inside'))).toEqual([]);
  });

  it('gives up at the deadline, and reads at most the response cap', async () => {
    const started = Date.now();
    expect(
      await post(`http://receiver.example.com:${receiverPort}/slow`, { ...onlyReceiver, timeoutMs: 300 }),
    ).toEqual({ kind: 'failed', status: null, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(
      await post(`http://receiver.example.com:${receiverPort}/huge`, {
        ...onlyReceiver,
        maxResponseBytes: 1024,
      }),
    ).toEqual({ kind: 'delivered', status: 200 });
  });
});

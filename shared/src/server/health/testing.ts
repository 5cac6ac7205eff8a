import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';

export type PrivateRedis = { url: string; stop: () => void };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/**
 * A private redis-server on a random loopback port with the given `maxmemory-policy` (tests only),
 * so the shared Redis is never reconfigured. `stop` kills that process, and only it.
 */
export async function startRedisServer(policy: 'noeviction' | 'allkeys-lru'): Promise<PrivateRedis> {
  const port = await freePort();
  const server = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'].concat([
      '--maxmemory-policy',
      policy,
    ]),
    { stdio: 'ignore' },
  );
  const probe = new Redis(port, '127.0.0.1', { retryStrategy: (times) => (times > 40 ? null : 100) });
  probe.on('error', () => undefined);
  await probe.ping();
  probe.disconnect();
  return { url: `redis://127.0.0.1:${port}`, stop: () => server.kill('SIGTERM') };
}

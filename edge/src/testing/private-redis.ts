import { spawn, type ChildProcess } from 'node:child_process';
import { freeLocalPort } from '@linkhub/shared/server/net/free-port';

/**
 * A redis-server of the test's own on a free port, without persistence, that the test can stop and
 * start again (a restart comes back empty, as in the Redis-outage incident). Never the shared Redis.
 */
export type PrivateRedis = { port: number; url: string; start(): Promise<void>; stop(): Promise<void> };

export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freeLocalPort();
  let child: ChildProcess | null = null;
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    start() {
      return new Promise((resolve, reject) => {
        const proc = spawn(
          'redis-server',
          ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
          { stdio: ['ignore', 'pipe', 'ignore'] },
        );
        child = proc;
        proc.once('error', reject);
        let out = '';
        proc.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('Ready to accept connections')) resolve();
        });
        proc.once('exit', (code) => reject(new Error(`redis-server exited with ${String(code)}`)));
      });
    },
    stop() {
      const proc = child;
      child = null;
      if (proc === null || proc.exitCode !== null) return Promise.resolve();
      return new Promise((resolve) => {
        proc.once('exit', () => resolve());
        proc.kill('SIGKILL');
      });
    },
  };
}

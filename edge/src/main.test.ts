import { spawn, spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, LINK_HOST, type Harness } from './testing/harness';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  const ws = await h.seed.workspace({ name: 'Running Co' });
  await h.seed.link(ws, h.domains.linkDomainId, 'running', 'https://example.com/running');
  await h.seed.qr(ws, h.domains.linkDomainId, 'printed', 'https://example.com/printed');
  // Stored raw, as before the door normalised (one such visit used to stop the process).
  await h.seed.link(ws, h.domains.linkDomainId, 'tokyo', 'https://ja.wikipedia.org/wiki/東京');
});
afterAll(async () => {
  await h.close();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function get(
  port: number,
  host: string,
  path: string,
): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('edge main.ts (the running service)', () => {
  it('refuses to start on a bad value, naming the variable', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, TRUSTED_PROXIES: '10.0.0.0/99', DATABASE_URL: h.db.url, LOG_LEVEL: 'silent' },
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/invalid environment: TRUSTED_PROXIES: /);
  });

  it('serves redirects over HTTP, answers /healthz, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: h.db.url,
        REDIS_PREFIX: h.prefix,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      let status = 0;
      for (let attempt = 0; attempt < 120 && status !== 200; attempt++) {
        status = await get(port, 'localhost', '/healthz').then(
          (r) => r.status,
          () => 0,
        );
        if (status !== 200) await new Promise((r) => setTimeout(r, 250));
      }
      expect(status).toBe(200);
      expect(await get(port, LINK_HOST, '/running')).toEqual({
        status: 302,
        location: 'https://example.com/running',
      });
      expect(await get(port, `${LINK_HOST}:${port}`, '/PRINTED')).toEqual({
        status: 302,
        location: 'https://example.com/printed',
      });
      expect((await get(port, LINK_HOST, '/missing')).status).toBe(404);
      expect(await get(port, LINK_HOST, '/tokyo')).toEqual({
        status: 302,
        location: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
      });
      expect((await get(port, LINK_HOST, '/a%00b')).status).toBe(404);
      expect(child.exitCode).toBeNull();
      expect(await get(port, LINK_HOST, '/running')).toEqual({
        status: 302,
        location: 'https://example.com/running',
      });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

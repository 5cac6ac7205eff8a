import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const FIXTURE = fileURLToPath(new URL('./fixtures/faulty-service.ts', import.meta.url));

describe('containProcessFaults', () => {
  it('keeps a service answering after a request left an unhandled rejection and an uncaught throw, counting both', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', FIXTURE], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const port = await new Promise<string>((resolve) =>
        child.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())),
      );
      expect((await fetch(`http://127.0.0.1:${port}/fault`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const after = await fetch(`http://127.0.0.1:${port}/`);
      expect(await after.json()).toEqual({ unhandledRejections: 1, uncaughtExceptions: 1 });
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });
});

import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { artifactDirOf } from './config';
import { REPO_ROOT } from '../config/repo-path';

const run = promisify(execFile);
const folder = `.linkhub/test-artifacts-${randomUUID()}`;
afterAll(() => rm(join(REPO_ROOT, folder), { recursive: true, force: true }));

/** Runs `script` in a fresh Node process started from `cwd`, as `npm start` starts each service from its own workspace. */
async function inProcessFrom(cwd: string, script: string, env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: join(REPO_ROOT, cwd),
    env: { ...process.env, ...env },
  });
  return stdout.trim();
}

const CONFIG = JSON.stringify(join(REPO_ROOT, 'shared/src/server/artifacts/config.ts'));

describe('ARTIFACT_DIR', () => {
  it('defaults to one absolute folder at the repo root, whatever the working directory', async () => {
    const script = `const { artifactStoreEnvSchema } = await import(${CONFIG}); console.log(artifactStoreEnvSchema.parse({}).ARTIFACT_DIR);`;
    const [fromWorker, fromSyncServer] = await Promise.all([
      inProcessFrom('worker', script),
      inProcessFrom('sync-server', script),
    ]);
    expect(fromWorker).toBe(join(REPO_ROOT, '.linkhub/artifacts'));
    expect(fromSyncServer).toBe(fromWorker);
    expect(artifactDirOf('/srv/artifacts/')).toBe('/srv/artifacts');
  });

  it('lets the worker write a file that the sync-server reads back, each started from its own folder', async () => {
    const key = `exports/${randomUUID()}/${randomUUID()}.csv`;
    const open = `const { artifactStoreEnvSchema, createArtifactStore } = await import(${CONFIG}); const store = createArtifactStore(artifactStoreEnvSchema.parse(process.env));`;
    await inProcessFrom(
      'worker',
      `${open} await store.put(${JSON.stringify(key)}, new TextEncoder().encode('day,clicks\\n'), 'text/csv');`,
      { ARTIFACT_DIR: folder },
    );
    const read = await inProcessFrom(
      'sync-server',
      `${open} const bytes = await store.get(${JSON.stringify(key)}); console.log(bytes === null ? 'missing' : new TextDecoder().decode(bytes));`,
      { ARTIFACT_DIR: folder },
    );
    expect(read).toBe('day,clicks');
  });
});

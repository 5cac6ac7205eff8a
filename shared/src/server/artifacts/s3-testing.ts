import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArtifactStoreConfig } from './config';

export type TestS3Server = {
  /** Settings that select this server's bucket, for `createArtifactStore` or a service env. */
  readonly config: ArtifactStoreConfig;
  readonly env: Record<string, string>;
  readonly close: () => Promise<void>;
};

const CHILD = fileURLToPath(new URL('./s3rver-process.mjs', import.meta.url));

/**
 * For tests: a real S3-compatible HTTP server (s3rver) on a free loopback port, in a child process
 * (it needs the legacy OpenSSL provider), with one empty bucket. Each call gets its own folder and
 * bucket; `close()` stops the server and removes both.
 */
export async function startTestS3Server(bucket = 'linkhub-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'linkhub-s3rver-'));
  const child = fork(CHILD, [directory, bucket], {
    execArgv: ['--openssl-legacy-provider'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`s3rver exited with ${code ?? 'a signal'} before listening`)),
    );
    child.once('message', (message: unknown) => {
      const found =
        typeof message === 'object' && message !== null && 'port' in message ? Number(message.port) : NaN;
      if (Number.isInteger(found) && found > 0) resolve(found);
      else reject(new Error('s3rver did not report its port'));
    });
  });
  child.removeAllListeners('exit');
  const env = {
    ARTIFACT_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    // s3rver's fixed development credentials.
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const config: ArtifactStoreConfig = {
    ARTIFACT_STORE: 's3',
    ARTIFACT_DIR: directory,
    S3_ENDPOINT: env.S3_ENDPOINT,
    S3_BUCKET: bucket,
    S3_REGION: env.S3_REGION,
    S3_ACCESS_KEY_ID: env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
  };
  return {
    config,
    env,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.disconnect();
      await exited;
      await rm(directory, { recursive: true, force: true });
    },
  };
}

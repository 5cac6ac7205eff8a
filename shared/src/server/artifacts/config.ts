import { z } from 'zod';
import { repoPath } from '../config/repo-path';
import { createLocalArtifactStore, DEFAULT_ARTIFACT_DIR } from './local-store';
import { createS3ArtifactStore } from './s3-store';
import type { ArtifactStore } from './store';

const optionalText = z.string().trim().min(1).optional();

/**
 * The local store's folder as an absolute path: a relative `ARTIFACT_DIR` (and the default) is
 * anchored at the repo root, not the working directory, so the worker and the sync-server name the
 * same folder whichever folder each was started from (`npm start` runs each in its own workspace).
 */
export function artifactDirOf(value: string = DEFAULT_ARTIFACT_DIR): string {
  return repoPath(value);
}

/**
 * The artifact store's settings, spread into every service's env schema (worker and sync-server
 * must name the same store). `ARTIFACT_STORE=s3` needs `S3_BUCKET`, `S3_ACCESS_KEY_ID` and
 * `S3_SECRET_ACCESS_KEY` (see `requireS3Settings`).
 */
export const artifactStoreEnvShape = {
  ARTIFACT_STORE: z.enum(['local', 's3']).default('local'),
  /** The local store's folder; relative to the repo root (see `artifactDirOf`), `.linkhub/artifacts` there by default. */
  ARTIFACT_DIR: z.string().min(1).default(DEFAULT_ARTIFACT_DIR).transform(artifactDirOf),
  /** An S3-compatible endpoint such as `http://127.0.0.1:9000`; AWS when unset. */
  S3_ENDPOINT: z
    .url('must be an http(s) URL')
    .refine((v) => /^https?:$/.test(new URL(v).protocol), 'must be an http(s) URL')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3-63 lower-case letters, digits, . and -)',
    )
    .optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /** Path-style addressing (bucket in the path): what MinIO and most self-hosted servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
};

export const artifactStoreEnvSchema = z.object(artifactStoreEnvShape);
export type ArtifactStoreConfig = z.infer<typeof artifactStoreEnvSchema>;

/** For `.superRefine` on a service env schema: with `ARTIFACT_STORE=s3`, the bucket and credentials are required. */
export function requireS3Settings(config: ArtifactStoreConfig, ctx: z.RefinementCtx): void {
  if (config.ARTIFACT_STORE !== 's3') return;
  for (const variable of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
    if (config[variable] === undefined)
      ctx.addIssue({ code: 'custom', path: [variable], message: 'is required when ARTIFACT_STORE=s3' });
  }
}

/** The store the settings name. Throws when `s3` is chosen without its settings (the env schema refuses that earlier). */
export function createArtifactStore(config: ArtifactStoreConfig): ArtifactStore {
  if (config.ARTIFACT_STORE === 'local') return createLocalArtifactStore(config.ARTIFACT_DIR);
  const { S3_BUCKET: bucket, S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = config;
  if (bucket === undefined || accessKeyId === undefined || secretAccessKey === undefined) {
    throw new TypeError('ARTIFACT_STORE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  }
  return createS3ArtifactStore({
    bucket,
    region: config.S3_REGION,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    ...(config.S3_ENDPOINT === undefined ? {} : { endpoint: config.S3_ENDPOINT }),
  });
}

const stores = new WeakMap<ArtifactStoreConfig, ArtifactStore>();

/** One store (one S3 client) per parsed service config. */
export function artifactStoreFor(config: ArtifactStoreConfig): ArtifactStore {
  const existing = stores.get(config);
  if (existing !== undefined) return existing;
  const store = createArtifactStore(config);
  stores.set(config, store);
  return store;
}

import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { SyncPrometheus } from '../platform/prometheus';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { JobProducer } from '@linkhub/shared/server/jobs/producer';
import type { SyncServerEnv } from '../platform/env';
import type { ResolveHost } from '../kernel/destination-safety';
import type { CommandRunner } from '../kernel/runner';
import type { PokeHub } from '../sync/poke';
import type { Accounts } from '../identity/context';
import type { RenderPool } from '../platform/render-pool/pool';
import type { StripeBilling } from '../platform/stripe-client';
import type { AddressOf } from '@linkhub/shared/url/public-address';

/**
 * Every long-lived service of one sync-server process, built once by `createDeps` (deps.ts) and
 * closed by `closeDeps`. Routes and tests receive it; nothing builds a service of its own.
 */
export type AppDeps = {
  readonly config: SyncServerEnv;
  readonly pool: pg.Pool;
  /** Lag-tolerant reads (the analytics queries): DATABASE_READ_URL's pool, else `pool` itself. */
  readonly readPool: pg.Pool;
  /** The queue role (QUEUE_REDIS_URL, never evicts): jobs, pokes, sessions, rate limits. */
  readonly redis: RedisClient;
  /** The cache role (CACHE_REDIS_URL): the edge's keys written through after commit. The same client when both URLs agree. */
  readonly cacheRedis: RedisClient;
  /** Rate and latency by route class, served on the metrics listener (main.ts). */
  readonly prometheus: SyncPrometheus;
  readonly logger: Logger;
  /** The artifact store shared with the worker (rendered QR files, uploaded images, exports). */
  readonly artifacts: ArtifactStore;
  /** The bounded worker threads where QR print files and uploaded SVGs are drawn (threads start on first use). */
  readonly renderPool: RenderPool;
  /** DNS for destination safety. */
  readonly resolveHost: ResolveHost;
  /** The address a person opens for a path on one of our hosts (PUBLIC_EDGE_URL on the dev stack's hosts). */
  readonly addressOf: AddressOf;
  /** The one BullMQ producer of the process. */
  readonly jobs: JobProducer;
  /** The one command layer, shared by Replicache push and /v1. */
  readonly commands: CommandRunner;
  /** SSE pokes across processes (one Redis subscriber). */
  readonly pokes: PokeHub;
  /** Account settings, mailer, mail queue and secret box. */
  readonly accounts: Accounts;
  /** Stripe (checkout, portal, webhook verification); null without STRIPE_SECRET_KEY: everything runs on Free. */
  readonly billing: StripeBilling | null;
};

import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { artifactStoreEnvShape, requireS3Settings } from '@linkhub/shared/artifacts/config';
import { redisRolesEnvShape } from '@linkhub/shared/config/redis-roles';
import { databaseEnvShape } from '@linkhub/shared/config/database';
import { metricsEnvShape } from '@linkhub/shared/metrics/env';
import { envFields } from '@linkhub/shared/config/env';
import { authEnvShape, requireOwnAuthSecret } from './auth/auth-config';
import { requireStripeSettings, stripeEnvShape } from './billing/env';
import { throttleEnvShape } from '@linkhub/shared/analytics/throttle-key';

const DEFAULT_PWA_DIST = fileURLToPath(new URL('../../pwa/dist', import.meta.url));

/** Every setting of the sync-server, read once at start-up (DESIGN §2). */
export const syncServerEnvSchema = z
  .object({
    PORT: envFields.port(8080),
    /** DATABASE_URL, DATABASE_READ_URL (analytics reads), pool sizes, prepared statement mode (D-351, D-352). */
    ...databaseEnvShape({ poolMax: 10 }),
    /** REDIS_URL, CACHE_REDIS_URL (the edge's keys it writes through) and QUEUE_REDIS_URL (jobs, pokes, sessions, rate limits). */
    ...redisRolesEnvShape,
    /** `GET /metrics` (Prometheus) on its own listener, loopback by default (DECISIONS D-311). */
    ...metricsEnvShape(9465),
    /** Prefix of every Redis key and BullMQ queue this process touches (tests give each file its own). */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:-]*$/, 'may hold only letters, digits, _, - and :')
      .default(''),
    LINK_HOST: envFields.host('lnk.localhost'),
    BIO_HOST: envFields.host('bio.localhost'),
    PUBLIC_SYNC_URL: envFields.url(['http', 'https']).default('http://localhost:8080'),
    PUBLIC_EDGE_URL: envFields.url(['http', 'https']).default('http://localhost:8787'),
    PUBLIC_PWA_URL: envFields.url(['http', 'https']).default('http://localhost:5173'),
    /** The built PWA served for non-API paths, when the folder exists. */
    PWA_DIST: z.string().min(1).default(DEFAULT_PWA_DIST),
    /** The artifact store (ARTIFACT_STORE=local|s3, ARTIFACT_DIR, S3_*): the same one for worker and sync-server. */
    ...artifactStoreEnvShape,
    /** Accounts: SMTP, mail sender, dev outbox, AUTH_SECRET, TRUSTED_PROXIES. */
    ...authEnvShape,
    /** Billing: STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL, STRIPE_PRICE_* (unset: Free only). */
    ...stripeEnvShape,
    /** THROTTLE_IPV6_PREFIX: throttles count IPv6 clients by this prefix (default /64, D-485). */
    ...throttleEnvShape,
    /** Mail-sending auth requests (sign-up, sign-in link, reset link) per minute per network (D-485). */
    AUTH_MAIL_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
    LOG_LEVEL: envFields.logLevel(),
  })
  .superRefine(requireS3Settings)
  .superRefine(requireOwnAuthSecret)
  .superRefine(requireStripeSettings);

export type SyncServerEnv = z.infer<typeof syncServerEnvSchema>;

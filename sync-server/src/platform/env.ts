import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { artifactStoreEnvShape, requireS3Settings } from '@linkhub/shared/server/artifacts/config';
import { redisRolesEnvShape } from '@linkhub/shared/config/redis-roles';
import { databaseEnvShape } from '@linkhub/shared/config/database';
import { metricsEnvShape } from '@linkhub/shared/metrics/env';
import { envFields } from '@linkhub/shared/config/env';
import { authEnvShape, isLocalUrl, requireOwnAuthSecret } from './auth-config';
import { clickIdEnvShape, DEV_CLICK_ID_KEY } from '@linkhub/shared/experiments/click-id-keys';
import { requireStripeSettings, stripeEnvShape } from './stripe-env';
import { throttleEnvShape } from '@linkhub/shared/analytics/throttle-key';

const DEFAULT_PWA_DIST = fileURLToPath(new URL('../../../pwa/dist', import.meta.url));

/** Every setting of the sync-server, read once at start-up (docs/product-rules.md#running). */
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
    /** CLICK_ID_KEY (+ CLICK_ID_PREVIOUS_KEYS while rotating): verifies A/B test click ids (D-491); the edge's must match. */
    ...clickIdEnvShape,
    LOG_LEVEL: envFields.logLevel(),
  })
  .superRefine(requireS3Settings)
  .superRefine(requireOwnAuthSecret)
  .superRefine(requireOwnClickIdKey)
  .superRefine(requireStripeSettings);

/** A public deployment signing click ids with the published dev key would let anyone forge conversions. */
function requireOwnClickIdKey(
  config: { PUBLIC_SYNC_URL: string; CLICK_ID_KEY: string },
  ctx: z.RefinementCtx,
): void {
  if (!isLocalUrl(config.PUBLIC_SYNC_URL) && config.CLICK_ID_KEY.trim() === DEV_CLICK_ID_KEY)
    ctx.addIssue({
      code: 'custom',
      path: ['CLICK_ID_KEY'],
      message: 'is required outside localhost (<id>:<at least 32 random characters>)',
    });
}

export type SyncServerEnv = z.infer<typeof syncServerEnvSchema>;

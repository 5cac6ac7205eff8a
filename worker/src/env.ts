import { z } from 'zod';
import { artifactStoreEnvShape, requireS3Settings } from '@linkhub/shared/server/artifacts/config';
import { envFields } from '@linkhub/shared/config/env';
import { redisRolesEnvShape } from '@linkhub/shared/config/redis-roles';
import { databaseEnvShape } from '@linkhub/shared/config/database';
import { DEV_AUTH_SECRET } from '@linkhub/shared/server/crypto/secret-box';
import { mailEnvShape } from '@linkhub/shared/server/mail/env';
import { clickIdEnvShape } from '@linkhub/shared/experiments/click-id-keys';

/** Every setting of the worker, read once at start-up (docs/product-rules.md#running). */
export const workerEnvSchema = z
  .object({
    /** DATABASE_URL, pool size, prepared statement mode (D-351, D-352); the worker reads what it writes: no replica. */
    ...databaseEnvShape({ poolMax: 5 }),
    /** REDIS_URL, CACHE_REDIS_URL (may evict) and QUEUE_REDIS_URL (noeviction: BullMQ, the stream, pub/sub). */
    ...redisRolesEnvShape,
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:-]*$/, 'may hold only letters, digits, _, - and :')
      .default(''),
    /** The health server: GET /healthz, and GET /metrics (Prometheus; an internal port, DECISIONS D-311). */
    WORKER_HEALTH_PORT: envFields.port(8790),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1, 'must be 1-64').max(64, 'must be 1-64').default(2),
    /** The artifact store (ARTIFACT_STORE=local|s3, ARTIFACT_DIR, S3_*): the same one for worker and sync-server. */
    ...artifactStoreEnvShape,
    /** DNS servers for custom-domain TXT checks (`ip` or `ip:port`, comma-separated); empty = the system's. */
    DNS_SERVERS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      )
      .pipe(
        z.array(
          z
            .string()
            .regex(/^[\d.]+(:\d{1,5})?$|^\[[\da-f:]+\](:\d{1,5})?$|^[\da-f:]+$/i, 'must be ip or ip:port'),
        ),
      ),
    /** The link host: a custom domain may prove control with a CNAME to it (docs/product-rules.md#running). */
    LINK_HOST: envFields.host('lnk.localhost'),
    /** ACME directory for custom-domain certificates (e.g. Let's Encrypt, or a local pebble); unset: no certificates are ordered. */
    ACME_DIRECTORY_URL: envFields.url(['https', 'http']).optional(),
    /** A PEM bundle to trust for the ACME directory's own TLS (a local pebble's), besides the system's. */
    ACME_CA_FILE: z.string().min(1).optional(),
    /** Lead confirmation mail (SMTP_URL, MAIL_FROM, OUTBOX_DIR), as the sync-server sends account mail. */
    ...mailEnvShape,
    /** Where mailed links point (the editor's origin; its /api paths reach the sync-server, D-045). */
    /** The application key webhook signing secrets are sealed with (the sync-server's AUTH_SECRET). */
    AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_AUTH_SECRET),
    PUBLIC_PWA_URL: envFields.url(['http', 'https']).default('http://localhost:5173'),
    /** The edge's public URL: the dev stack's `*.localhost` short URLs (and so the QR codes printed for them) open there. */
    PUBLIC_EDGE_URL: envFields.url(['http', 'https']).default('http://localhost:8787'),
    /** CLICK_ID_KEY (+ CLICK_ID_PREVIOUS_KEYS while rotating): verifies the click id a sign-up carried (D-491). */
    ...clickIdEnvShape,
    /** One oEmbed endpoint for every embed provider instead of their own (tests, a proxy); unset: the providers' (D-609). */
    OEMBED_ENDPOINT: envFields.url(['https', 'http']).optional(),
    LOG_LEVEL: envFields.logLevel(),
  })
  .superRefine(requireS3Settings);

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

import { z } from 'zod';
import { photoFilesEnvShape, requirePhotoFilesSettings } from './photo-files';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { envFields } from '@linkhub/shared/config/env';
import { redisRolesEnvShape } from '@linkhub/shared/config/redis-roles';
import { databaseEnvShape } from '@linkhub/shared/config/database';
import { metricsEnvShape } from '@linkhub/shared/metrics/env';
import { DEV_AUTH_SECRET } from '@linkhub/shared/server/crypto/secret-box';
import { throttleEnvShape } from '@linkhub/shared/analytics/throttle-key';
import { clickIdEnvShape } from '@linkhub/shared/experiments/click-id-keys';

/** Every setting of the edge, read once at start-up (docs/product-rules.md#running). */
export const edgeEnvSchema = z
  .object({
    PORT: envFields.port(8787),
    /**
     * DATABASE_URL, DATABASE_READ_URL (the miss path's reads), pool sizes, prepared statement mode
     * (D-351, D-352). The pool is small on purpose (docs/product-rules.md#scale-out): the hot path does no database work.
     */
    ...databaseEnvShape({ poolMax: 5 }),
    /** REDIS_URL, CACHE_REDIS_URL (the cache reads) and QUEUE_REDIS_URL (capture, sign-up jobs, salts, certificates). */
    ...redisRolesEnvShape,
    /** `GET /metrics` (Prometheus) on its own listener, loopback by default: never on the public hosts (D-311). */
    ...metricsEnvShape(9464),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:-]*$/, 'may hold only letters, digits, _, - and :')
      .default(''),
    LINK_HOST: envFields.host('lnk.localhost'),
    BIO_HOST: envFields.host('bio.localhost'),
    /** Comma-separated CIDRs whose forwarded-for header is believed (read only in shared/src/analytics/client-ip.ts); empty = loopback only. */
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .refine(
        (value) => {
          try {
            parseTrustedProxies(value);
            return true;
          } catch {
            return false;
          }
        },
        { message: 'must be comma-separated IP addresses or CIDRs' },
      ),
    /** THROTTLE_IPV6_PREFIX: the sign-up form's limit counts IPv6 clients by this prefix (default /64, D-485). */
    ...throttleEnvShape,
    /** A GeoLite2-City .mmdb to use instead of the bundled one. */
    GEOIP_DB_PATH: z.string().min(1).optional(),
    /** `off` disables analytics capture (benchmarks only). */
    EDGE_CAPTURE: z.enum(['on', 'off']).default('on'),
    /** `off` sends every cache miss to PostgreSQL, as before the slug filter (benchmarks' same-run comparison only). */
    EDGE_SLUG_FILTER: z.enum(['on', 'off']).default('on'),
    LOG_LEVEL: envFields.logLevel(),
    /**
     * HTTPS for custom domains (edge/src/tls): the port of the TLS listener, which picks each
     * domain's certificate by SNI. Default: 8443 when ACME_DIRECTORY_URL is set, else no TLS listener.
     */
    EDGE_TLS_PORT: z.coerce
      .number()
      .int()
      .min(1, 'must be a port number 1-65535')
      .max(65535, 'must be a port number 1-65535')
      .optional(),
    ACME_DIRECTORY_URL: envFields.url(['https', 'http']).optional(),
    /** Opens the sealed certificates (the worker's and sync-server's AUTH_SECRET). */
    AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_AUTH_SECRET),
    /** CLICK_ID_KEY (+ CLICK_ID_PREVIOUS_KEYS while rotating): signs A/B test click ids (D-491); the sync-server's and worker's must match. */
    ...clickIdEnvShape,
    /** ARTIFACT_STORE and its settings: where uploaded photos are read from (the sync-server's store, D-585). */
    ...photoFilesEnvShape,
  })
  .superRefine(requirePhotoFilesSettings);

/** The TLS listener's port, or null when the edge serves plain HTTP only. */
export function edgeTlsPort(env: Pick<EdgeEnv, 'EDGE_TLS_PORT' | 'ACME_DIRECTORY_URL'>): number | null {
  if (env.EDGE_TLS_PORT !== undefined) return env.EDGE_TLS_PORT;
  return env.ACME_DIRECTORY_URL !== undefined ? 8443 : null;
}

export type EdgeEnv = z.infer<typeof edgeEnvSchema>;

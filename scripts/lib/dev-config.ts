import { z } from 'zod';
import { envFields, parseEnv } from '@linkhub/shared/config/env';

/** The dev launcher's and the seed's settings (every one has a default, so `npm start` needs none). */
export const devEnvSchema = z.object({
  SYNC_PORT: envFields.port(8080),
  EDGE_PORT: envFields.port(8787),
  PWA_PORT: envFields.port(5173),
  WORKER_HEALTH_PORT: envFields.port(8790),
  LINK_HOST: envFields.host('lnk.localhost'),
  BIO_HOST: envFields.host('bio.localhost'),
  /** The database the launcher creates and uses on a real PostgreSQL server. */
  LINKHUB_DATABASE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'must be a plain lower-case database name')
    .default('linkhub'),
});
export type DevEnv = z.infer<typeof devEnvSchema>;

export function readDevEnv(env: Record<string, string | undefined> = process.env): DevEnv {
  return parseEnv(devEnvSchema, env);
}

export type DevUrls = { sync_url: string; edge_url: string; pwa_url: string; worker_health_url: string };

/** `product` (`npm start`): sync-server serves the built PWA, so the editor is on its origin; `dev`: the Vite dev server. */
export type LaunchMode = 'product' | 'dev';

export function devUrls(env: DevEnv, mode: LaunchMode = 'product'): DevUrls {
  const syncUrl = `http://localhost:${env.SYNC_PORT}`;
  return {
    sync_url: syncUrl,
    edge_url: `http://localhost:${env.EDGE_PORT}`,
    pwa_url: mode === 'product' ? syncUrl : `http://localhost:${env.PWA_PORT}`,
    worker_health_url: `http://localhost:${env.WORKER_HEALTH_PORT}`,
  };
}

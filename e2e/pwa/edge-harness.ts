import http from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Redis } from 'ioredis';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createEdgeApp } from '../../edge/src/app';
import { createPgLookup } from '../../edge/src/lookup/pg-lookup';
import { createIngestConsumer, type IngestConsumer } from '../../worker/src/ingest/consumer';
import type { PwaHarness } from './harness';

/**
 * The public path beside the editor harness: the real edge app listening on a loopback port (same
 * database, same Redis prefix, so the sync-server's write-through is what it reads) and the worker's
 * real ingest consumer, drained on demand.
 */
export type EdgeHarness = {
  port: number;
  /** GET `http://{host}/{path}` at the edge over HTTP, as a browser would send it. */
  visit: (
    host: string,
    path: string,
    headers?: Record<string, string>,
  ) => Promise<{ status: number; location: string | undefined }>;
  /** Reads and handles every entry waiting on the click stream, then waits for the summary refresh. */
  drain: () => Promise<number>;
  stop: () => Promise<void>;
};

export const DESKTOP_CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

export async function startEdge(h: PwaHarness): Promise<EdgeHarness> {
  const prefix = h.deps.config.REDIS_PREFIX;
  const redisUrl = h.deps.config.REDIS_URL;
  const redis = new Redis(redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  const pg = createPgLookup({ connectionString: h.database.url, max: 2 });
  const { geo } = await openGeo();
  const app = createEdgeApp({
    redis,
    redisPrefix: prefix,
    pg,
    linkHost: h.deps.config.LINK_HOST,
    bioHost: h.deps.config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo,
    capture: true,
    logger: createLogger('edge-e2e', { level: 'silent' }),
    // Uploaded photos, from the store the sync-server writes them to.
    photos: h.deps.artifacts,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ingest: IngestConsumer = createIngestConsumer(
    {
      pool: h.deps.pool,
      redis: h.deps.redis,
      logger: createLogger('ingest-e2e', { level: 'silent' }),
      prefix,
    },
    { consumerName: 'pwa-e2e', blockMs: 50 },
  );
  await ingest.ensureGroup();
  return {
    port,
    visit: (host, path, headers = {}) =>
      new Promise((resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port,
            path,
            headers: { host, 'user-agent': DESKTOP_CHROME_UA, 'accept-language': 'en-GB', ...headers },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
          },
        );
        req.on('error', reject);
      }),
    drain: async () => {
      let n = 0;
      for (;;) {
        const batch = await ingest.readNew();
        if (batch.length === 0) {
          await ingest.idle();
          return n;
        }
        await ingest.handle(batch);
        n += batch.length;
      }
    },
    stop: async () => {
      await ingest.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
      await pg.close();
    },
  };
}

import http from 'node:http';
import { serve, type ServerType } from '@hono/node-server';
import { Redis } from 'ioredis';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { createEdgeApp } from '../../edge/src/app';
import { createPgLookup } from '../../edge/src/lookup/pg-lookup';

/** What the edge reads, as the sync-server test kits name it. */
export type EdgeSources = {
  databaseUrl: string;
  config: { REDIS_URL: string; REDIS_PREFIX: string; LINK_HOST: string; BIO_HOST: string };
  artifacts: ArtifactStore;
};

export type EdgeReply = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The real edge app on a loopback port, reading the kit's database, Redis prefix and photo store. */
export type EdgeServer = {
  port: number;
  /** `http://{bio host}:{port}` (Chromium resolves `*.localhost` to loopback). */
  bioBase: string;
  get: (host: string, path: string, headers?: Record<string, string>) => Promise<EdgeReply>;
  stop: () => Promise<void>;
};

export async function startEdgeServer(sources: EdgeSources): Promise<EdgeServer> {
  const { config } = sources;
  const redis = new Redis(config.REDIS_URL, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  const pg = createPgLookup({ connectionString: sources.databaseUrl, max: 2 });
  const { geo } = await openGeo();
  const app = createEdgeApp({
    redis,
    redisPrefix: config.REDIS_PREFIX,
    pg,
    linkHost: config.LINK_HOST,
    bioHost: config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo,
    capture: false,
    logger: createLogger('edge-creator', { level: 'silent' }),
    photos: sources.artifacts,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const get: EdgeServer['get'] = (host, path, headers = {}) =>
    new Promise((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
    });
  return {
    port,
    bioBase: `http://${config.BIO_HOST}:${port}`,
    get,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
      await pg.close();
    },
  };
}

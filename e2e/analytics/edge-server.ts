import http from 'node:http';
import { Writable } from 'node:stream';
import { serve, type ServerType } from '@hono/node-server';
import { Redis } from 'ioredis';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { createLogger, type Logger } from '@linkhub/shared/server/logging/logger';
import { createEdgeApp } from '../../edge/src/app';
import { createPgLookup } from '../../edge/src/lookup/pg-lookup';

/** Every line a logger wrote (debug level and up), kept in memory to be searched. */
export type CapturedLog = { logger: Logger; text: () => string };

export function captureLog(service: string): CapturedLog {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger(service, { level: 'debug', destination }), text: () => lines.join('') };
}

export type EdgeServer = {
  log: CapturedLog;
  /** GET `http://{host}{path}` over HTTP from loopback (a trusted proxy by default) with these headers. */
  visit: (
    host: string,
    path: string,
    headers: Record<string, string>,
  ) => Promise<{ status: number; location: string | undefined }>;
  stop: () => Promise<void>;
};

/** The real edge app listening on a loopback port, on the given database and Redis prefix, logging at debug into memory. */
export async function startEdgeServer(opts: {
  databaseUrl: string;
  redisUrl: string;
  prefix: string;
  linkHost: string;
  bioHost: string;
}): Promise<EdgeServer> {
  const log = captureLog('edge');
  const redis = new Redis(opts.redisUrl, { enableOfflineQueue: true, maxRetriesPerRequest: 1 });
  // generous timeouts: on a loaded test machine a slow miss must not turn a redirect into a fallback page
  const pg = createPgLookup({
    connectionString: opts.databaseUrl,
    max: 2,
    connectTimeoutMs: 10_000,
    statementTimeoutMs: 10_000,
  });
  const { geo } = await openGeo();
  const app = createEdgeApp({
    redis,
    redisPrefix: opts.prefix,
    pg,
    linkHost: opts.linkHost,
    bioHost: opts.bioHost,
    trustedProxies: parseTrustedProxies(''),
    geo,
    capture: true,
    logger: log.logger,
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    log,
    visit: (host, path, headers) =>
      new Promise((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, headers: { host, ...headers } }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
        });
        req.on('error', reject);
      }),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      redis.disconnect();
      await pg.close();
    },
  };
}

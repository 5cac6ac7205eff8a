import { createServer } from 'node:http';
import { PUBLIC_SERVER_OPTIONS } from '@linkhub/shared/server/net/host-header';
import { clickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { openGeo } from '@linkhub/shared/server/analytics/geo';
import { parseEnv } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { containProcessFaults } from '@linkhub/shared/server/logging/process-guard';
import { canonicalHost } from '@linkhub/shared/resolve/host';
import { createEdgeService } from './app';
import { photoFilesFor } from './photo-files';
import { certificateBox } from '@linkhub/shared/server/domains/tls-keys';
import { edgeEnvSchema, edgeTlsPort } from './env';
import { createHotCache } from './lookup/hot-cache';
import { createPgLookup, pgLookupOptions } from './lookup/pg-lookup';
import { databaseTargets } from '@linkhub/shared/config/database';
import { createSlugFilter } from './lookup/slug-filter';
import { openEdgeRedis } from './redis-connections';
import { isClusterUrl } from '@linkhub/shared/redis/cluster-url';
import { duplicateRedis } from '@linkhub/shared/server/redis/client';
import { createEdgePrometheus } from './prometheus';
import { redisRoleUrls } from '@linkhub/shared/config/redis-roles';
import { createMetricsServer } from '@linkhub/shared/server/metrics/server';
import { createEdgeListener } from './server/edge-listener';
import { createCertificateStore } from './tls/certificate-store';
import { createTlsServer } from './tls/tls-server';

/** env → deps → listen; SIGTERM/SIGINT close the server, then PostgreSQL and Redis. */
const config = parseEnv(edgeEnvSchema);
const logger = createLogger('edge', { level: config.LOG_LEVEL });
// A stray throw of one request (an unawaited promise, a socket callback) is logged and counted; the edge keeps serving.
containProcessFaults(logger);

const redisUrls = redisRoleUrls(config);
const { redis, captureRedis } = openEdgeRedis(redisUrls);
let redisDown = false;
redis.on('error', (err) => {
  if (!redisDown) logger.warn({ err }, 'redis unavailable; serving from PostgreSQL');
  redisDown = true;
});
redis.on('ready', () => {
  if (redisDown) logger.info('redis reconnected');
  redisDown = false;
});

// Redirect keys held in process, evicted by Redis (client-side caching) the moment anyone writes them.
// Not on a Redis Cluster: tracking is per node and slots move, so there every hit reads Redis (D-361).
const hotCache = isClusterUrl(redisUrls.cache)
  ? undefined
  : createHotCache({ url: redisUrls.cache, prefix: config.REDIS_PREFIX, logger });

const pg = createPgLookup(pgLookupOptions(databaseTargets(config)));
// Built from PostgreSQL whenever tracking is (re-)established, kept current by the same invalidations; "maybe" until then.
const slugFilter =
  config.EDGE_SLUG_FILTER === 'on' && hotCache !== undefined
    ? createSlugFilter({ pg, hot: hotCache, prefix: config.REDIS_PREFIX, logger })
    : undefined;
const { geo, error: geoError } = await openGeo(config.GEOIP_DB_PATH);
if (geoError) logger.warn({ err: geoError }, 'geo database unavailable; events carry no country/region');

const { app, hosts, redirect, capture, metrics, jobs } = createEdgeService({
  redis,
  captureRedis,
  redisPrefix: config.REDIS_PREFIX,
  pg,
  hotCache,
  slugFilter,
  linkHost: canonicalHost(config.LINK_HOST) ?? config.LINK_HOST,
  bioHost: canonicalHost(config.BIO_HOST) ?? config.BIO_HOST,
  trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
  ipv6ThrottlePrefix: config.THROTTLE_IPV6_PREFIX,
  geo,
  capture: config.EDGE_CAPTURE === 'on',
  logger,
  clickIdKeys: clickIdKeyring(config),
  photos: photoFilesFor(config),
});

const prometheus = createEdgePrometheus(metrics);
const listener = createEdgeListener({
  fetch: app.fetch,
  redirect,
  hosts,
  logger,
  metrics,
  timeRequest: prometheus.timeRequest,
});
const server = createServer(PUBLIC_SERVER_OPTIONS, listener);
server.listen(config.PORT, () => {
  logger.info(
    { port: config.PORT, link_host: config.LINK_HOST, bio_host: config.BIO_HOST },
    `edge listening on http://localhost:${config.PORT}`,
  );
});

// Prometheus on its own listener, loopback by default: the public hosts never answer /metrics (D-311).
const metricsServer = createMetricsServer(prometheus.registry);
// A taken metrics port is logged, never fatal: redirects do not depend on it.
metricsServer.on('error', (err) => logger.error({ err }, 'edge metrics listener failed'));
metricsServer.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
  logger.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, 'edge metrics on /metrics');
});

// Custom domains over HTTPS (DECISIONS D-250): certificates by SNI, reloaded when the worker announces a change.
const tlsPort = edgeTlsPort(config);
const tlsSubscriber = tlsPort === null ? null : duplicateRedis(captureRedis);
tlsSubscriber?.on('error', () => undefined);
const certificates =
  tlsSubscriber === null
    ? null
    : createCertificateStore({
        find: (host) => pg.findCertificate(host),
        box: certificateBox(config.AUTH_SECRET),
        subscriber: tlsSubscriber,
        prefix: config.REDIS_PREFIX,
        logger,
      });
const tlsServer = certificates === null ? null : createTlsServer({ listener, certificates, logger });
if (tlsServer !== null && tlsPort !== null)
  tlsServer.listen(tlsPort, () => {
    logger.info({ port: tlsPort }, `edge listening on https://localhost:${tlsPort} (custom domains)`);
  });

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  tlsServer?.close();
  metricsServer.close();
  certificates?.close();
  tlsSubscriber?.disconnect();
  server.close(() => {
    // Events still queued for the stream leave before the connections close.
    void capture
      .flush()
      .then(() => jobs.close())
      .then(() => {
        redis.disconnect();
        captureRedis.disconnect();
        slugFilter?.close();
        hotCache?.close();
        return pg.close();
      })
      .then(() => process.exit(0));
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

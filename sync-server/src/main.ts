import { parseEnv } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { containProcessFaults } from '@linkhub/shared/server/logging/process-guard';
import { createMetricsServer } from '@linkhub/shared/server/metrics/server';
import { createApp } from './app';
import { closeDeps, createDeps } from './deps';
import { createSyncHttpServer } from './http-server';
import { syncServerEnvSchema } from './platform/env';

/** env → deps → listen; SIGTERM/SIGINT close the server, then PostgreSQL and Redis. */
const config = parseEnv(syncServerEnvSchema);
const logger = createLogger('sync-server', { level: config.LOG_LEVEL });
containProcessFaults(logger);
const deps = createDeps(config, { logger });
const server = createSyncHttpServer(createApp(deps).fetch, logger);
server.listen(config.PORT, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  logger.info({ port }, `sync-server listening on http://localhost:${port}`);
});

// Prometheus on its own listener, loopback by default (DECISIONS D-311).
const metricsServer = createMetricsServer(deps.prometheus.registry);
metricsServer.on('error', (err) => logger.error({ err }, 'sync-server metrics listener failed'));
metricsServer.listen(config.METRICS_PORT, config.METRICS_HOST, () => {
  logger.info({ port: config.METRICS_PORT, host: config.METRICS_HOST }, 'sync-server metrics on /metrics');
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  metricsServer.close();
  server.close(() => {
    void closeDeps(deps).then(() => process.exit(0));
  });
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

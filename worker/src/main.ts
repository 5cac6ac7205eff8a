import { parseEnv } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { containProcessFaults } from '@linkhub/shared/server/logging/process-guard';
import { closeWorkerDeps, createWorkerDeps } from './deps';
import { workerEnvSchema } from './env';
import { createHealthServer } from './health-server';
import { PROCESSORS } from './processors/index';
import { assertNoEviction } from '@linkhub/shared/server/health/redis-policy';
import { startWorkers } from './runtime';
import { createWorkerMetrics } from './prometheus';
import { createIngestConsumer } from './ingest/consumer';
import { createTrafficHandOff } from './webhooks/traffic/hand-off';
import { watchRedisRestarts } from './recovery';
import { startSchedulers, type Schedulers } from './schedulers/index';

/** env → deps → refuse an evicting Redis → start the BullMQ workers and the health server. */
const config = parseEnv(workerEnvSchema);
const logger = createLogger('worker', { level: config.LOG_LEVEL });
containProcessFaults(logger);
const deps = createWorkerDeps(config, logger);

try {
  await assertNoEviction(deps.redis);
} catch (error) {
  process.stderr.write(`worker not started: ${error instanceof Error ? error.message : String(error)}\n`);
  await closeWorkerDeps(deps);
  process.exit(1);
}

const runtime = startWorkers(deps, PROCESSORS);
let schedulers: Schedulers | null = null;
const ingest = createIngestConsumer(
  { pool: deps.pool, redis: deps.redis, logger: deps.logger, prefix: config.REDIS_PREFIX },
  {
    onGroupRecreated: () => void recover('ingest group was gone'),
    onCommitted: createTrafficHandOff(deps).offer,
  },
);
ingest.start();
schedulers = await startSchedulers(deps);
/** Redis came back (possibly empty): the consumer group and the job schedulers again, both idempotent. */
async function recover(why: string): Promise<void> {
  try {
    await ingest.ensureGroup();
    await schedulers?.register();
    logger.info({ why }, 'consumer group and job schedulers in place again');
  } catch (error) {
    logger.warn(
      { why, err: { message: error instanceof Error ? error.message : String(error) } },
      'recovery after a Redis reconnect failed; retried on the next one',
    );
  }
}
watchRedisRestarts(deps.redis, () => void recover('redis reconnected'));
const metrics = createWorkerMetrics({
  redis: deps.redis,
  prefix: config.REDIS_PREFIX,
  jobs: deps.jobs,
  queues: runtime.queues,
});
const health = createHealthServer(deps, runtime, metrics);
health.listen(config.WORKER_HEALTH_PORT, () => {
  logger.info(
    { port: config.WORKER_HEALTH_PORT, queues: runtime.queues },
    `worker running; health on http://localhost:${config.WORKER_HEALTH_PORT}/healthz`,
  );
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing jobs in progress');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  health.close();
  void Promise.allSettled([ingest.stop(), schedulers?.close()])
    .then(() => runtime.close())
    .then(() => closeWorkerDeps(deps))
    .then(() => process.exit(0));
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));

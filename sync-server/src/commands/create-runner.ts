import { artifactStoreOf, type AppDeps } from '../deps';
import { allCommands } from './index';
import { JobProducer } from './job-producer';
import { CommandRunner } from './runner';
import { systemResolveHost } from './destination-safety';

const runners = new WeakMap<AppDeps, { runner: CommandRunner; producer: JobProducer }>();

/** The one command runner of a sync-server process, shared by the Replicache and REST doors. */
export function commandRunnerFor(deps: AppDeps): CommandRunner {
  const existing = runners.get(deps);
  if (existing) return existing.runner;
  const producer = new JobProducer(deps.redis, deps.config.REDIS_PREFIX);
  const enqueue = (job: Parameters<JobProducer['enqueue']>[0]) => producer.enqueue(job);
  const runner = new CommandRunner(
    {
      pool: deps.pool,
      redis: deps.redis,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
      hosts: { linkHost: deps.config.LINK_HOST, bioHost: deps.config.BIO_HOST },
      enqueue,
      resolveHost: deps.resolveHost ?? systemResolveHost,
    },
    allCommands({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX }, artifactStoreOf(deps)),
  );
  runners.set(deps, { runner, producer });
  return runner;
}

export async function closeCommandRunner(deps: AppDeps): Promise<void> {
  await runners.get(deps)?.producer.close();
  runners.delete(deps);
}

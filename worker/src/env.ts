import { z } from 'zod';
import { envFields } from '@linkhub/shared/config/env';

/** Every setting of the worker, read once at start-up (DESIGN §2). */
export const workerEnvSchema = z.object({
  DATABASE_URL: envFields
    .url(['postgres', 'postgresql'])
    .default('postgres://postgres@127.0.0.1:5432/linkhub'),
  REDIS_URL: envFields.url(['redis', 'rediss']).default('redis://127.0.0.1:6379'),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]*$/, 'may hold only letters, digits, _, - and :')
    .default(''),
  /** The health server (GET /healthz). */
  WORKER_HEALTH_PORT: envFields.port(8790),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1, 'must be 1-64').max(64, 'must be 1-64').default(2),
  /** The artifact store's local folder (analytics CSV exports; relative to the working directory). */
  ARTIFACT_DIR: z.string().min(1).default('.linkhub/artifacts'),
  LOG_LEVEL: envFields.logLevel(),
});

export type WorkerEnv = z.infer<typeof workerEnvSchema>;

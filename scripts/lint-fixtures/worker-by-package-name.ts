// A service reached by its package name rather than a relative path: restricted in every other service.
import { workerEnvSchema } from '@linkhub/worker/src/env';

export const used = [workerEnvSchema];

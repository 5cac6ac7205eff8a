import type { Logger } from 'pino';

export type ProcessFaults = { unhandledRejections: number; uncaughtExceptions: number };

/**
 * A long-running service must not exit because one request or one job threw where nothing awaited
 * it (ARCHITECTURE.md#rules-that-hold-at-every-door: bad input never a process exit): a stray rejection or throw is logged and counted,
 * and the process keeps serving. Only the signals or a failed start-up end it.
 */
export function containProcessFaults(logger: Logger): ProcessFaults {
  const faults: ProcessFaults = { unhandledRejections: 0, uncaughtExceptions: 0 };
  const describe = (value: unknown) =>
    value instanceof Error ? { message: value.message, stack: value.stack } : { message: String(value) };
  process.on('unhandledRejection', (reason) => {
    faults.unhandledRejections += 1;
    logger.error(
      { err: describe(reason), count: faults.unhandledRejections },
      'unhandled rejection contained; still running',
    );
  });
  process.on('uncaughtException', (error) => {
    faults.uncaughtExceptions += 1;
    logger.error(
      { err: describe(error), count: faults.uncaughtExceptions },
      'uncaught exception contained; still running',
    );
  });
  return faults;
}

import { pino, type DestinationStream, type Level, type Logger } from 'pino';
import { REDACT_PATHS, REDACTED } from './redact-paths';

export type { Logger } from 'pino';

export type LoggerOptions = {
  /** Minimum level; `silent` turns the logger off (tests). Default `info`. */
  level?: Level | 'silent';
  /** Where lines go; default stdout. */
  destination?: DestinationStream;
  /** Extra fields on every line. */
  base?: Record<string, string | number | boolean>;
};

/**
 * The one logger factory: single-line JSON to stdout with `service`, an ISO `time`, the level as a
 * word, and every secret, IP and User-Agent field replaced by "[redacted]" (see redact-paths.ts).
 */
export function createLogger(service: string, options: LoggerOptions = {}): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { service, ...options.base },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: [...REDACT_PATHS], censor: REDACTED },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

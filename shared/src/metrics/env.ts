import { z } from 'zod';
import { envFields } from '../config/env';

/** Where a service's `/metrics` listener binds (DECISIONS D-311): its own port, loopback unless told otherwise. */
export function metricsEnvShape(defaultPort: number) {
  return {
    METRICS_PORT: envFields.port(defaultPort),
    /** An address to bind (`127.0.0.1`, `0.0.0.0`, `::`): widen it only on a network only the scraper reaches. */
    METRICS_HOST: z
      .string()
      .regex(/^[\d.]+$|^[\da-f:]+$/i, 'must be an IP address to bind, such as 127.0.0.1 or 0.0.0.0')
      .default('127.0.0.1'),
  } as const;
}

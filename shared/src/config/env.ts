import { z } from 'zod';

export type EnvSource = Record<string, string | undefined>;

/** A start-up configuration error: names every bad variable, never echoes a value (it may be a secret). */
export class EnvError extends Error {
  override readonly name = 'EnvError';
  constructor(readonly problems: ReadonlyArray<{ variable: string; issue: string }>) {
    super(`invalid environment: ${problems.map((p) => `${p.variable}: ${p.issue}`).join('; ')}`);
  }
}

function describeIssue(issue: z.core.$ZodIssue, env: EnvSource): { variable: string; issue: string } {
  const variable = issue.path.map(String).join('.') || '(environment)';
  const missing = issue.path.length > 0 && env[String(issue.path[0])] === undefined;
  return {
    variable,
    issue: missing && issue.code === 'invalid_type' ? 'is required but not set' : issue.message,
  };
}

/** Parses `env` with `schema` or throws an EnvError naming each bad variable. */
export function parseEnvOrThrow<S extends z.ZodType>(schema: S, env: EnvSource = process.env): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => describeIssue(issue, env)));
}

/**
 * For a service's main.ts: parses `env` with `schema`; on failure prints one line naming the
 * variable and what is wrong to stderr and exits with status 1.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: EnvSource = process.env): z.output<S> {
  try {
    return parseEnvOrThrow(schema, env);
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}

/** Building blocks every service schema uses. */
export const envFields = {
  port: (fallback: number) =>
    z.coerce
      .number()
      .int()
      .min(1, 'must be a port number 1-65535')
      .max(65535, 'must be a port number 1-65535')
      .default(fallback),
  url: (protocols: readonly string[]) =>
    z
      .url(`must be a URL (${protocols.join(', ')})`)
      // canParse first: zod runs this refinement even when z.url() has refused the value.
      .refine(
        (value) => URL.canParse(value) && protocols.includes(new URL(value).protocol.replace(/:$/, '')),
        {
          message: `must be a URL (${protocols.join(', ')})`,
        },
      ),
  host: (fallback: string) =>
    z
      .string()
      .regex(/^[a-z0-9.-]+(:\d+)?$/, 'must be a host name such as lnk.localhost')
      .default(fallback),
  logLevel: () => z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
} as const;

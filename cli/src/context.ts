import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createLinkHubClient, type LinkHubClient } from '@linkhub/sdk';
import { resolveConnection } from './config';
import { UsageError, type CliIo } from './io';

/** Options every command takes. */
export const GLOBAL_OPTIONS = {
  json: { type: 'boolean', default: false },
  url: { type: 'string' },
  'api-key': { type: 'string' },
  config: { type: 'string' },
  help: { type: 'boolean', default: false },
} as const satisfies ParseArgsConfig['options'];

export type GlobalFlags = {
  json?: boolean | undefined;
  url?: string | undefined;
  'api-key'?: string | undefined;
  config?: string | undefined;
};

/** A command's parsed arguments; unknown flags and missing values are usage errors. */
export function parseCommand<Options extends NonNullable<ParseArgsConfig['options']>>(
  argv: readonly string[],
  options: Options,
) {
  try {
    return parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: { ...GLOBAL_OPTIONS, ...options },
    });
  } catch (error) {
    if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
      throw new UsageError(error.message);
    throw error;
  }
}

/** The API client for these flags, the environment and the config file. */
export async function connect(flags: GlobalFlags, io: CliIo): Promise<LinkHubClient> {
  const { url, apiKey } = await resolveConnection(flags, io);
  return createLinkHubClient({ baseUrl: url, apiKey, fetch: io.fetch });
}

/** The one positional a command needs, or a usage error naming it. */
export function required(positionals: readonly string[], index: number, name: string): string {
  const value = positionals[index];
  if (value === undefined || value === '') throw new UsageError(`missing <${name}>`);
  return value;
}

export function integerFlag(value: string | undefined, name: string, min: number, max: number) {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new UsageError(`--${name} is a whole number from ${min} to ${max}`);
  return number;
}

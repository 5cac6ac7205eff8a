import { homedir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { UsageError, type CliIo } from './io';

/** `~/.config/linkhub/config.json` (or `$XDG_CONFIG_HOME/linkhub/config.json`, or `LINKHUB_CONFIG`). */
const configFileSchema = z.strictObject({
  url: z.url().optional(),
  api_key: z.string().min(1).optional(),
});

export type Connection = { url: string; apiKey: string };

export const DEFAULT_URL = 'http://localhost:8080';

export function configFilePath(env: CliIo['env']): string {
  const explicit = env['LINKHUB_CONFIG'];
  if (explicit !== undefined && explicit !== '') return explicit;
  const base = env['XDG_CONFIG_HOME'] ?? join(env['HOME'] ?? homedir(), '.config');
  return join(base, 'linkhub', 'config.json');
}

const present = (value: string | undefined): string | undefined =>
  value === undefined || value === '' ? undefined : value;

/**
 * The server and key, first found of: the flags, `LINKHUB_URL` / `LINKHUB_API_KEY`, the config file;
 * the server defaults to a local `npm start`.
 */
export async function resolveConnection(
  flags: { url?: string | undefined; 'api-key'?: string | undefined; config?: string | undefined },
  io: CliIo,
): Promise<Connection> {
  const givenKey = present(flags['api-key']) ?? present(io.env['LINKHUB_API_KEY']);
  const givenUrl =
    present(flags.url) ??
    present(io.env['LINKHUB_URL']) ??
    // The name the first QR export command read.
    present(io.env['LINKHUB_API_URL']);
  if (givenKey !== undefined && givenUrl !== undefined) return { url: givenUrl, apiKey: givenKey };
  const path = flags.config ?? configFilePath(io.env);
  const file = await readConfigFile(path, io);
  const apiKey = givenKey ?? file.api_key;
  if (apiKey === undefined)
    throw new UsageError(`no API key: set LINKHUB_API_KEY, pass --api-key, or write "api_key" in ${path}`);
  return { url: givenUrl ?? file.url ?? DEFAULT_URL, apiKey };
}

async function readConfigFile(path: string, io: CliIo): Promise<z.infer<typeof configFileSchema>> {
  const text = await io.readText(path);
  if (text === null) return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsageError(`${path} is not JSON`);
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success)
    throw new UsageError(
      `${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}

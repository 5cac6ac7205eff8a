import { z } from 'zod';

/**
 * Desktop configuration: environment variables, validated once at start-up. The defaults are baked
 * in at build time (`desktop/scripts/build.ts` defines `LINKHUB_BUILD_SYNC_URL`), so a packaged app
 * knows its server without any variable set.
 */
const httpUrl = z
  .string()
  .url()
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must be an http(s) URL');

const schema = z.object({
  LINKHUB_SYNC_URL: httpUrl,
});

export type DesktopConfig = { syncOrigin: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadDesktopConfig(
  env: Record<string, string | undefined>,
  defaults: { syncUrl: string },
): DesktopConfig {
  const parsed = schema.safeParse({ LINKHUB_SYNC_URL: env.LINKHUB_SYNC_URL ?? defaults.syncUrl });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`${issue?.path.join('.') ?? 'config'}: ${issue?.message ?? 'invalid'}`);
  }
  return { syncOrigin: new URL(parsed.data.LINKHUB_SYNC_URL).origin };
}

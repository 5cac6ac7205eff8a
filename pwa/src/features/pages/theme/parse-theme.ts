import { themeSchema, type Theme } from '@linkhub/shared/blocks/snapshot';

/** The stored theme with every field filled as the renderer fills it; an unreadable one reads as the default. */
export function parseTheme(stored: Record<string, unknown>): Theme {
  const parsed = themeSchema.safeParse(stored);
  return parsed.success ? parsed.data : themeSchema.parse({});
}

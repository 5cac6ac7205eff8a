import type { Context } from 'hono';
import type { AppEnv } from './app-env';

/** The one success shape of /v1 (docs/product-rules.md#api): `{"data": …, "meta": {…}}`. */
export function sendData(
  c: Context<AppEnv>,
  data: unknown,
  status: 200 | 201 = 200,
  meta: Record<string, unknown> = {},
): Response {
  return c.json({ data, meta }, status);
}

export function sendList(c: Context<AppEnv>, data: readonly unknown[], nextCursor: string | null): Response {
  return sendData(c, data, 200, { next_cursor: nextCursor });
}

/** `%`, `_` and `\` taken literally in an ILIKE pattern. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

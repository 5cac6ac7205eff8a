import { z } from 'zod';
import { ValidationError } from '@linkhub/shared/errors/app-error';

/**
 * Opaque list cursors: base64url of `{t, id}` — the last row's created_at (PostgreSQL's own
 * microsecond text) and id. Lists order by (created_at DESC, id DESC), so a cursor is stable under
 * inserts and never skips or repeats a row.
 */
const cursorSchema = z.strictObject({
  t: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/),
  id: z.uuid(),
});
export type Cursor = z.infer<typeof cursorSchema>;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor), 'utf8').toString('base64url');
}

export function decodeCursor(raw: string | undefined): Cursor | null {
  if (raw === undefined) return null;
  const bad = new ValidationError([{ field: 'cursor', issue: 'invalid_cursor' }], {
    message: 'The cursor is not one this API returned.',
  });
  if (!/^[A-Za-z0-9_-]+$/.test(raw)) throw bad;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad;
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw bad;
  return parsed.data;
}

/** Rows fetched with LIMIT n+1: the page, and the cursor of its last row when more follow. */
export function pageOf<T extends { id: string; cursor_at: string }>(
  rows: readonly T[],
  limit: number,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor({ t: last.cursor_at, id: last.id }) : null,
  };
}

import { z } from 'zod';

/**
 * The part of a sync-server's `/healthz` answer the editor reads: whether pushes and pulls work now.
 * The server decides (`takesEdits`); the editor only reads the flag.
 */
export const healthzEditorViewSchema = z.looseObject({ takes_edits: z.boolean() });

/**
 * Edits are taken when PostgreSQL answers and every failing check is the analytics ingest: a lagging
 * ingest makes the figures stale, not the editor's changes.
 */
export function takesEdits(checks: Readonly<Record<string, string>>): boolean {
  return (
    checks.postgres === 'ok' &&
    Object.entries(checks).every(([name, result]) => result === 'ok' || name === 'ingest')
  );
}

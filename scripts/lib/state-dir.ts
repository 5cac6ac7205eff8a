import path from 'node:path';

/**
 * The launcher's local state (demo.json, the embedded database): `.linkhub/` at the repo root, or
 * `LINKHUB_STATE_DIR` when set, so a second `npm start` (the launcher e2e) keeps its secrets apart.
 */
export function stateDir(env: Record<string, string | undefined> = process.env): string {
  const override = env.LINKHUB_STATE_DIR;
  return override ? path.resolve(override) : path.resolve(import.meta.dirname, '../../.linkhub');
}

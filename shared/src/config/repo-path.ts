import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo's root folder (this file is `shared/src/config/repo-path.ts`). */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * A folder setting as an absolute path: a relative value is anchored at the repo root, not the
 * working directory, so services started from their own workspace folders (`npm start` runs each
 * in its own) name the same folder (DESIGN §2).
 */
export function repoPath(value: string): string {
  return isAbsolute(value) ? resolve(value) : resolve(REPO_ROOT, value);
}

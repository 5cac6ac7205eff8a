import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function declaresWorkspaces(folder: string): boolean {
  const manifest = join(folder, 'package.json');
  if (!existsSync(manifest)) return false;
  const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
  return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
}

/**
 * The monorepo's root folder: the nearest folder above this module whose package.json declares the
 * workspaces. Searched rather than counted, because this module runs both from
 * `shared/src/config/` (tsx) and compiled into `<service>/dist/main.js` (`npm run build`).
 */
function findRepoRoot(start: string): string {
  for (let folder = start; ; folder = dirname(folder)) {
    if (declaresWorkspaces(folder)) return folder;
    if (dirname(folder) === folder) return start;
  }
}

export const REPO_ROOT = findRepoRoot(dirname(fileURLToPath(import.meta.url)));

/**
 * A folder setting as an absolute path: a relative value is anchored at the repo root, not the
 * working directory, so services started from their own workspace folders (`npm start` runs each
 * in its own) name the same folder (docs/product-rules.md#running).
 */
export function repoPath(value: string): string {
  return isAbsolute(value) ? resolve(value) : resolve(REPO_ROOT, value);
}

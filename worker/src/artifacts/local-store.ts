import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { assertArtifactKey, type ArtifactStore } from './store';

/** The default artifact folder, relative to the working directory (the repo root in dev). */
export const DEFAULT_ARTIFACT_DIR = '.linkhub/artifacts';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** An artifact store in a local folder. Writes are atomic (temp file + rename): a reader never sees half a file. */
export function createLocalArtifactStore(root: string = DEFAULT_ARTIFACT_DIR): ArtifactStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertArtifactKey(key);
    return join(base, key);
  };
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async get(key) {
      try {
        const buf = await readFile(pathOf(key));
        return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async has(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

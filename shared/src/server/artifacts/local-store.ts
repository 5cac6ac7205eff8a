import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { assertArtifactKey, assertArtifactPrefix, type ArtifactStore, type StoredObject } from './store';

/** The default artifact folder, relative to the repo root (`artifactDirOf` in config.ts anchors it there). */
export const DEFAULT_ARTIFACT_DIR = '.linkhub/artifacts';

const TEMP_SUFFIX = '.tmp';

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

async function* walk(base: string, dir: string): AsyncGenerator<StoredObject> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return;
    throw error;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(base, path);
    else if (entry.isFile() && !entry.name.endsWith(TEMP_SUFFIX)) {
      const info = await stat(path);
      yield { key: relative(base, path).split(sep).join('/'), byteSize: info.size, modifiedAt: info.mtime };
    }
  }
}

/** An artifact store in a local folder. Writes are atomic (temp file + rename): a reader never sees half a file. */
export function createLocalArtifactStore(root: string): ArtifactStore {
  const base = resolve(root);
  const pathOf = (key: string) => {
    assertArtifactKey(key);
    return join(base, key);
  };
  return {
    kind: 'local',
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}${TEMP_SUFFIX}`;
      await writeFile(tmp, bytes);
      await rename(tmp, path);
    },
    async putFile(key, source) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      const tmp = `${path}.${randomUUID()}${TEMP_SUFFIX}`;
      try {
        await copyFile(source, tmp);
        await rename(tmp, path);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
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
    async stream(key) {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        // node:stream/web and the DOM lib (e2e type-checks this file with it) declare the same stream slightly differently.
        const body = Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>;
        return { body, byteSize: info.size };
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
    list(prefix) {
      assertArtifactPrefix(prefix);
      return walk(base, prefix === '' ? base : join(base, prefix));
    },
  };
}

import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SafeStorage } from 'electron';
import type { SecureTokenStore } from '@linkhub/shared/platform/bridge';

export type SecureStoreDeps = {
  safeStorage: Pick<SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'>;
  /** e.g. `<userData>/session.bin`. */
  filePath: string;
};

/**
 * The session token, encrypted by the OS keychain (safeStorage) and persisted in userData, so a
 * restart stays signed in. When the OS offers no encryption the token lives in memory only: it is
 * never written to disk in clear text.
 */
export function createSecureStore(deps: SecureStoreDeps): SecureTokenStore & { persistent(): boolean } {
  let memory: string | null = null;
  const persistent = () => deps.safeStorage.isEncryptionAvailable();
  return {
    persistent,
    async get() {
      if (!persistent()) return memory;
      const encrypted = await readFile(deps.filePath).catch(() => undefined);
      if (encrypted === undefined || encrypted.byteLength === 0) return null;
      try {
        return deps.safeStorage.decryptString(encrypted);
      } catch {
        // Encrypted with a key the OS no longer has (profile moved, keychain reset): signed out.
        await rm(deps.filePath, { force: true });
        return null;
      }
    },
    async set(token) {
      if (!persistent()) {
        memory = token;
        return;
      }
      await mkdir(path.dirname(deps.filePath), { recursive: true });
      const temp = `${deps.filePath}.${process.pid}.tmp`;
      await writeFile(temp, deps.safeStorage.encryptString(token), { mode: 0o600 });
      await rename(temp, deps.filePath);
    },
    async clear() {
      memory = null;
      await rm(deps.filePath, { force: true });
    },
  };
}

import { mkdtemp, readFile, rm, writeFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecureStore } from './secure-store';
import { fakeSafeStorage } from './testing/electron-fakes';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'linkhub-secure-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('secure token store', () => {
  it('keeps the token across restarts, encrypted on disk, and forgets it on clear', async () => {
    const filePath = path.join(dir, 'session.bin');
    const safeStorage = fakeSafeStorage();
    const store = createSecureStore({ safeStorage, filePath });
    expect(await store.get()).toBeNull();
    await store.set('lh_sess_secret_token_123');
    const onDisk = await readFile(filePath);
    expect(onDisk.toString('latin1')).not.toContain('lh_sess_secret_token_123');
    expect((await stat(filePath)).mode & 0o777).toBe(0o600);

    const afterRestart = createSecureStore({ safeStorage, filePath });
    expect(await afterRestart.get()).toBe('lh_sess_secret_token_123');
    await afterRestart.clear();
    expect(await createSecureStore({ safeStorage, filePath }).get()).toBeNull();
  });

  it('never writes the token in clear text when the OS has no encryption: memory only', async () => {
    const filePath = path.join(dir, 'session.bin');
    const store = createSecureStore({ safeStorage: fakeSafeStorage({ available: false }), filePath });
    await store.set('tok');
    expect(await store.get()).toBe('tok');
    expect(store.persistent()).toBe(false);
    await expect(stat(filePath)).rejects.toThrow();
  });

  it('treats a token the OS can no longer decrypt as signed out', async () => {
    const filePath = path.join(dir, 'session.bin');
    await writeFile(filePath, Buffer.from('garbage from another machine'));
    const store = createSecureStore({ safeStorage: fakeSafeStorage(), filePath });
    expect(await store.get()).toBeNull();
    await expect(stat(filePath)).rejects.toThrow();
  });
});

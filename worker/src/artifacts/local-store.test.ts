import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from './local-store';

describe('local artifact store', () => {
  let root = '';
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'linkhub-artifacts-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores, reads back, reports and deletes a file under nested keys', async () => {
    const store = createLocalArtifactStore(root);
    const key = 'qr/ws-1/qr-1/r1-abc.svg';
    expect(await store.has(key)).toBe(false);
    expect(await store.get(key)).toBeNull();
    await store.put(key, new TextEncoder().encode('<svg/>'), 'image/svg+xml');
    expect(await store.has(key)).toBe(true);
    expect(new TextDecoder().decode((await store.get(key)) ?? new Uint8Array())).toBe('<svg/>');
    await store.delete(key);
    await store.delete(key); // twice is fine
    expect(await store.has(key)).toBe(false);
  });

  it('leaves no temporary files behind', async () => {
    const store = createLocalArtifactStore(root);
    await store.put('a/b.txt', new Uint8Array([1, 2, 3]), 'text/plain');
    await store.put('a/b.txt', new Uint8Array([4]), 'text/plain');
    expect(await readdir(join(root, 'a'))).toEqual(['b.txt']);
    expect(Array.from((await store.get('a/b.txt')) ?? [])).toEqual([4]);
  });

  it('refuses keys that would leave its folder', async () => {
    const store = createLocalArtifactStore(root);
    for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b']) {
      await expect(store.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid artifact key/);
    }
  });
});

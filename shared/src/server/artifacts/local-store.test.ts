import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from './local-store';
import { describeArtifactStoreContract } from './store-contract';
import type { ArtifactStore } from './store';

let root = '';
let store: ArtifactStore;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'linkhub-artifacts-'));
  store = createLocalArtifactStore(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describeArtifactStoreContract('local folder', () => store);

describe('local artifact store', () => {
  it('leaves no temporary files behind and lists none', async () => {
    await store.put('tmp/b.txt', new Uint8Array([1, 2, 3]), 'text/plain');
    await store.put('tmp/b.txt', new Uint8Array([4]), 'text/plain');
    expect(await readdir(join(root, 'tmp'))).toEqual(['b.txt']);
  });
});

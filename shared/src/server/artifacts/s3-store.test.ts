import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtifactStore } from './config';
import { createS3ArtifactStore } from './s3-store';
import { startTestS3Server, type TestS3Server } from './s3-testing';
import { describeArtifactStoreContract } from './store-contract';
import type { ArtifactStore } from './store';

let s3: TestS3Server;
let store: ArtifactStore;
beforeAll(async () => {
  s3 = await startTestS3Server();
  store = createArtifactStore(s3.config);
});
afterAll(async () => {
  await s3.close();
});

describeArtifactStoreContract('S3-compatible bucket (s3rver over HTTP)', () => store);

describe('S3 artifact store', () => {
  it('is what ARTIFACT_STORE=s3 selects, and lists every key across pages', async () => {
    expect(store.kind).toBe('s3');
    const paged = createS3ArtifactStore({
      bucket: s3.config.S3_BUCKET ?? '',
      endpoint: s3.config.S3_ENDPOINT ?? '',
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      listPageSize: 2,
    });
    for (let i = 0; i < 5; i++) await paged.put(`many/${i}.txt`, new Uint8Array([i]), 'text/plain');
    const keys: string[] = [];
    for await (const o of paged.list('many/')) keys.push(o.key);
    expect(keys.sort()).toEqual(['many/0.txt', 'many/1.txt', 'many/2.txt', 'many/3.txt', 'many/4.txt']);
  });

  it('fails loudly (not as "missing") when the bucket does not exist', async () => {
    const wrong = createArtifactStore({ ...s3.config, S3_BUCKET: 'no-such-bucket' });
    await expect(wrong.put('a.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow();
  });
});

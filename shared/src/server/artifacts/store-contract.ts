import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ArtifactStore } from './store';

const text = (s: string) => new TextEncoder().encode(s);

async function keysOf(store: ArtifactStore, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of store.list(prefix)) keys.push(object.key);
  return keys.sort();
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The one behaviour every artifact store has (local folder, S3 bucket): the same suite runs against
 * each, so switching `ARTIFACT_STORE` cannot change what the services see. `store()` is called per
 * test, after the suite's `beforeAll`.
 */
export function describeArtifactStoreContract(name: string, store: () => ArtifactStore): void {
  describe(`artifact store contract: ${name}`, () => {
    it('stores, reads back, reports and deletes an object under nested keys', async () => {
      const s = store();
      const key = 'qr/ws-1/qr-1/r1-abc.svg';
      expect(await s.has(key)).toBe(false);
      expect(await s.get(key)).toBeNull();
      expect(await s.stream(key)).toBeNull();
      await s.put(key, text('<svg/>'), 'image/svg+xml');
      expect(await s.has(key)).toBe(true);
      expect(new TextDecoder().decode((await s.get(key)) ?? new Uint8Array())).toBe('<svg/>');
      await s.delete(key);
      await s.delete(key); // twice is fine
      expect(await s.has(key)).toBe(false);
      expect(await s.get(key)).toBeNull();
    });

    it('overwrites a key with the new bytes, whole', async () => {
      const s = store();
      await s.put('over/b.bin', new Uint8Array([1, 2, 3]), 'application/octet-stream');
      await s.put('over/b.bin', new Uint8Array([4]), 'application/octet-stream');
      expect(Array.from((await s.get('over/b.bin')) ?? [])).toEqual([4]);
      expect(await keysOf(s, 'over/')).toEqual(['over/b.bin']);
    });

    it('streams the exact bytes with their size (a 300 KB binary survives the round trip)', async () => {
      const s = store();
      const bytes = new Uint8Array(300_000).map((_, i) => (i * 7919) % 256);
      await s.put('stream/big.png', bytes, 'image/png');
      const streamed = await s.stream('stream/big.png');
      expect(streamed?.byteSize).toBe(bytes.byteLength);
      const back = await readAll(streamed?.body ?? new ReadableStream());
      expect(Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
    });

    it('stores a local file by path, streamed, with every byte (a 3 MB CSV), and leaves the file in place', async () => {
      const s = store();
      const dir = await mkdtemp(join(tmpdir(), 'artifact-put-file-'));
      try {
        const path = join(dir, 'export.csv');
        const line = 'occurred_at,event_type,country_code\n2026-12-03T10:00:00.000Z,click,NZ\n';
        await writeFile(path, line.repeat(50_000));
        await s.putFile('files/ws-1/export.csv', path, 'text/csv');
        const streamed = await s.stream('files/ws-1/export.csv');
        expect(streamed?.byteSize).toBe(line.length * 50_000);
        const back = new TextDecoder().decode(await readAll(streamed?.body ?? new ReadableStream()));
        expect(back).toBe(line.repeat(50_000));
        expect((await stat(path)).size).toBe(line.length * 50_000);
        await expect(
          s.putFile('files/ws-1/missing.csv', join(dir, 'nope.csv'), 'text/csv'),
        ).rejects.toThrow();
        expect(await s.has('files/ws-1/missing.csv')).toBe(false);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    });

    it('lists objects under a prefix only, with sizes (what orphan cleanup walks)', async () => {
      const s = store();
      await s.put('list/a/1.svg', text('one'), 'image/svg+xml');
      await s.put('list/a/deep/2.pdf', text('two!'), 'application/pdf');
      await s.put('list/b/3.eps', text('3'), 'application/postscript');
      await s.put('listing/4.txt', text('4'), 'text/plain');
      expect(await keysOf(s, 'list/a/')).toEqual(['list/a/1.svg', 'list/a/deep/2.pdf']);
      expect(await keysOf(s, 'list/')).toEqual(['list/a/1.svg', 'list/a/deep/2.pdf', 'list/b/3.eps']);
      expect(await keysOf(s, 'nothing-here/')).toEqual([]);
      const sizes = new Map<string, number>();
      for await (const o of s.list('list/a/')) {
        sizes.set(o.key, o.byteSize);
        expect(o.modifiedAt.getTime()).toBeGreaterThan(Date.UTC(2020, 0, 1));
      }
      expect(sizes.get('list/a/deep/2.pdf')).toBe(4);
      await s.delete('list/a/1.svg');
      expect(await keysOf(s, 'list/a/')).toEqual(['list/a/deep/2.pdf']);
    });

    it('refuses keys and prefixes that would leave the store', async () => {
      const s = store();
      for (const key of ['../escape', '/etc/passwd', 'a/../../b', 'a//b', '', 'a/./b']) {
        await expect(s.put(key, new Uint8Array([1]), 'text/plain')).rejects.toThrow(/invalid artifact key/);
        await expect(s.get(key)).rejects.toThrow(/invalid artifact key/);
      }
      expect(() => s.list('../')).toThrow(/invalid artifact/);
      expect(() => s.list('no-slash')).toThrow(/invalid artifact prefix/);
    });
  });
}

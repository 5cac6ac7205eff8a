/**
 * Where rendered files and uploaded images live (docs/product-rules.md#qr-codes): a local folder by default, an
 * S3-compatible bucket when configured. One store is shared by the worker (which renders into it)
 * and the sync-server (which serves from it and stores uploads). Keys are relative, slash-separated
 * paths such as `qr/{workspace}/{qr}/r3-ab12.pdf`.
 */
export type ArtifactStore = {
  /** `local` or `s3`, for health output and logs. */
  readonly kind: 'local' | 's3';
  /** Writes the whole object; a reader never sees half of it. Overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Stores a finished local file under the key, streamed rather than read into memory (large exports); the file stays where it is. */
  putFile(key: string, path: string, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  /** The bytes as a stream for a download (proxied through the service), or null when missing. */
  stream(key: string): Promise<ArtifactStream | null>;
  has(key: string): Promise<boolean>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (`''` or ending in `/`), in no particular order. */
  list(prefix: string): AsyncIterable<StoredObject>;
};

export type ArtifactStream = { readonly body: ReadableStream<Uint8Array>; readonly byteSize: number };

export type StoredObject = { readonly key: string; readonly byteSize: number; readonly modifiedAt: Date };

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses absolute paths, `..`, empty segments and anything outside a small safe alphabet. */
export function assertArtifactKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`invalid artifact key: ${JSON.stringify(key)}`);
  }
}

/** A list prefix is empty or a valid key followed by `/`. */
export function assertArtifactPrefix(prefix: string): void {
  if (prefix === '') return;
  if (!prefix.endsWith('/')) throw new TypeError(`invalid artifact prefix: ${JSON.stringify(prefix)}`);
  assertArtifactKey(prefix.slice(0, -1));
}

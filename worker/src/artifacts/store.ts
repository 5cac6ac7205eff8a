/**
 * Where rendered files live (DESIGN §8): a local folder by default, an S3-compatible bucket when
 * configured. Keys are relative, slash-separated paths such as `qr/{workspace}/{qr}/r3-ab12.pdf`.
 */
export type ArtifactStore = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Uint8Array | null>;
  has(key: string): Promise<boolean>;
  /** Removing a missing key is not an error. */
  delete(key: string): Promise<void>;
};

const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;

/** Refuses absolute paths, `..`, empty segments and anything outside a small safe alphabet. */
export function assertArtifactKey(key: string): void {
  if (key.length > 512 || !KEY.test(key) || key.split('/').some((s) => s === '.' || s === '..')) {
    throw new TypeError(`invalid artifact key: ${JSON.stringify(key)}`);
  }
}

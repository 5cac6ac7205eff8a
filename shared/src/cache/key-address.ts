/**
 * The host and slug of a `rd:{host}:{slug}` key (the inverse of `redirectKey` in keys.ts); null for
 * any other key, `rd:miss:` included. Canonical hosts never hold `}`, so the first `}:` ends the tag.
 */
export function redirectKeyAddress(prefix: string, key: string): { host: string; slug: string } | null {
  const head = `${prefix}rd:{`;
  if (!key.startsWith(head)) return null;
  const close = key.indexOf('}:', head.length);
  if (close < 0) return null;
  return { host: key.slice(head.length, close), slug: key.slice(close + 2) };
}

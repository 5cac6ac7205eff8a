/**
 * A lookup table's own entry for a key that came from outside (a code, a field name, a value):
 * never an inherited `toString` or `constructor` a plain object would answer with.
 */
export function ownEntry<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

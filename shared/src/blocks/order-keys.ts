import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * The one rule for the order of blocks (`bio_blocks.position`): fractional-indexing keys, compared
 * as plain strings. Every writer (seed, REST, push, the editor) makes its keys here.
 */

/** `n` keys in ascending order, for a list written from scratch. */
export function orderKeys(n: number): string[] {
  return generateNKeysBetween(null, null, n);
}

/** A key between two neighbours (null: the list's start or end). */
export function orderKeyBetween(before: string | null, after: string | null): string {
  return generateKeyBetween(before, after);
}

/** Whether the library accepts `key` (e.g. `a000` is refused: a key may not end in the smallest digit). */
export function isValidOrderKey(key: string): boolean {
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

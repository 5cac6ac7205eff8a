/** Hex digit value by char code (either case), -1 for anything else. */
const HEX_VALUE = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d += 1) {
  HEX_VALUE['0123456789abcdef'.charCodeAt(d)] = d;
  HEX_VALUE['0123456789ABCDEF'.charCodeAt(d)] = d;
}

/** The value of one hex digit's char code (either case), -1 when it is not one. */
export const hexValue = (code: number): number => (code < 128 ? (HEX_VALUE[code] ?? -1) : -1);

/** Hex digits of a visitor or UA hash (an MD5-sized 16 bytes). */
export const HASH_HEX_DIGITS = 32;

/**
 * Whether `text` is 32 lowercase hex digits, as `/^[0-9a-f]{32}$/` says: a loop over char codes,
 * 49 ns against the RegExp's 134 on this machine (it runs once per ingested event, D-433).
 */
export function isHashHex(text: string): boolean {
  if (text.length !== HASH_HEX_DIGITS) return false;
  for (let i = 0; i < HASH_HEX_DIGITS; i += 1) {
    const code = text.charCodeAt(i);
    if (!((code >= 0x30 && code <= 0x39) || (code >= 0x61 && code <= 0x66))) return false;
  }
  return true;
}

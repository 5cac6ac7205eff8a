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

/** 1 at the char code of each lowercase hex digit. */
const LOWER_HEX = new Uint8Array(128);
for (let d = 0; d < 16; d += 1) LOWER_HEX['0123456789abcdef'.charCodeAt(d)] = 1;

/**
 * Whether `text` is 32 lowercase hex digits, as `/^[0-9a-f]{32}$/` says: a loop over char codes (it
 * runs once per ingested event, D-433), each looked up in a table. Two range tests per char (digit,
 * else letter) took a mispredicted branch whenever a hash went from digits to letters: 163–174 ns per
 * hash against 67–73 for the table, on 4,000 distinct hashes (D-440).
 */
export function isHashHex(text: string): boolean {
  if (text.length !== HASH_HEX_DIGITS) return false;
  for (let i = 0; i < HASH_HEX_DIGITS; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 128 || LOWER_HEX[code] !== 1) return false;
  }
  return true;
}

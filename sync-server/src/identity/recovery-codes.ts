import { randomInt } from 'node:crypto';
import { sha256Hex } from './opaque-token';

/**
 * Recovery codes: ten per batch, single-use, shown once. Each is 12 characters from an alphabet
 * without look-alikes (~60 bits), displayed as `xxxx-xxxx-xxxx`; stored only as the SHA-256 of the
 * normalised code (recovery_codes.code_hash), so a typed code matches with or without dashes/case.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(`recovery:${normalizeRecoveryCode(code)}`);
}

function oneCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i += 1) raw += ALPHABET.charAt(randomInt(ALPHABET.length));
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

export type RecoveryCode = { code: string; codeHash: string; position: number };

export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): RecoveryCode[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(oneCode());
  return [...codes].map((code, position) => ({ code, codeHash: hashRecoveryCode(code), position }));
}

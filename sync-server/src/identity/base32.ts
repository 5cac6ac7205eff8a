import { Secret } from 'otpauth';

/** RFC 4648 base32 without padding, the form authenticator apps take a TOTP secret in (`otpauth`'s codec). */
export function base32Encode(bytes: Uint8Array): string {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer }).base32;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(input: string): Buffer {
  return Buffer.from(Secret.fromBase32(input.replace(/[\s=]/g, '').toUpperCase()).buffer);
}

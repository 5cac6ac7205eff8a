import { z } from 'zod';

/** Field schemas the mutators share. Ids are made on the client (UUIDv7), so an offline create has its key at once. */
export const idArg = z.uuid();
export const workspaceArg = z.uuid();
export const slugArg = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9_-]*$/, 'Use letters, digits, - and _ only');
export const handleArg = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, 'Use 1–63 letters, digits, . - and _');
export const urlArg = z
  .string()
  .trim()
  .max(2048)
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain }));
export const titleArg = z.string().trim().max(300);
export const tagsArg = z.array(z.string().trim().min(1).max(50)).max(30);
export const utmArg = z
  .object({
    source: z.string().max(200).optional(),
    medium: z.string().max(200).optional(),
    campaign: z.string().max(200).optional(),
    term: z.string().max(200).optional(),
    content: z.string().max(200).optional(),
  })
  .strict();
export const isoTimeArg = z.iso.datetime({ offset: true });
export const jsonObjectArg = z.record(z.string(), z.json());

const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A 7-character slug without look-alike characters (no 0/o, 1/l): readable when typed from print. */
export function randomSlug(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  return Array.from(random(7), (byte) => SLUG_ALPHABET[byte % SLUG_ALPHABET.length]).join('');
}

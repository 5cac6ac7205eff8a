import { z } from 'zod';
import {
  handleSchema,
  isoDateTimeSchema,
  slugSchema,
  tagsSchema,
  urlSchema,
  uuidSchema,
} from '../schemas/common';
import { utmInputSchema } from '../schemas/links';
import { splitDestinationsSchema, targetingRulesSchema } from '../schemas/targeting';
import { hostnameSchema } from '../schemas/common';

/**
 * Field schemas of the mutators: the same ones the REST API validates (shared/src/schemas), so both
 * doors accept exactly the same input. Ids are made on the client (UUIDv7): an offline create has its key at once.
 */
export const idArg = uuidSchema;
export const workspaceArg = uuidSchema;
export const slugArg = slugSchema;
export const handleArg = handleSchema;
export const urlArg = urlSchema;
export const hostnameArg = hostnameSchema;
export const tagsArg = tagsSchema;
export const utmArg = utmInputSchema;
export const rulesArg = targetingRulesSchema;
export const splitArg = splitDestinationsSchema;
export const isoTimeArg = isoDateTimeSchema;
export const jsonObjectArg = z.record(z.string(), z.json());

const SLUG_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A 7-character slug without look-alike characters (no 0/o, 1/l): readable when typed from print. */
export function randomSlug(
  random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  return Array.from(random(7), (byte) => SLUG_ALPHABET[byte % SLUG_ALPHABET.length]).join('');
}

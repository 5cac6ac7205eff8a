import { z } from 'zod';

/**
 * The `base` of an update (D-500): for each field the edit changes, the value the device had synced
 * when the user began editing. The server applies a field only while the stored value still equals
 * its base; otherwise it keeps the newer value and leaves the author a conflict notice. For fields
 * an update merges key by key (a page's theme, a block's data, branding), the base holds only the
 * keys the edit changes. Strict: only the mutator's own updatable fields; any JSON value, because a
 * stored value may predate today's field rules.
 */
export function baseArg<const K extends string>(fields: readonly K[]) {
  const shape: Record<string, z.ZodOptional<z.ZodJSONSchema>> = {};
  for (const field of fields) shape[field] = z.json().optional();
  // Built key by key from `fields`: the mapped type names exactly those keys.
  return z.strictObject(shape as Record<K, z.ZodOptional<z.ZodJSONSchema>>).optional();
}

/** A base as the server reads it: field → value the author started from. */
export type FieldBase = Readonly<Record<string, unknown>>;

/** What a conflict notice's `details` hold per field: the author's text beside the newer stored one. */
export const conflictDetailSchema = z.object({
  field: z.string(),
  mine: z.json(),
  theirs: z.json(),
  /** The update to issue again for "Keep mine": the mutator and its reference args. */
  mutation: z.string(),
  ref: z.record(z.string(), z.string()),
});
export type ConflictDetail = z.infer<typeof conflictDetailSchema>;

/** The notice code of a field conflict (not a refusal: the rest of the edit was saved). */
export const CONFLICT_NOTICE_CODE = 'edit_conflict';

/**
 * The args that issue a conflicted field again as a fresh edit ("Keep mine"): its value, with the
 * value now stored as its base. `data.text` is a key of a merged field: sent as `{data: {text}}`.
 */
export function keepMineArgs(detail: ConflictDetail): Record<string, unknown> {
  const [field, key] = detail.field.split('.', 2);
  const name = field ?? detail.field;
  if (key === undefined) return { ...detail.ref, [name]: detail.mine, base: { [name]: detail.theirs } };
  return { ...detail.ref, [name]: { [key]: detail.mine }, base: { [name]: { [key]: detail.theirs } } };
}

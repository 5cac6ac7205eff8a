import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import { ruleConditionSchema } from '../cache/payload';
import { urlSchema } from './common';

/**
 * Link targeting rules and split destinations as the API accepts them. The condition shapes are the
 * ones the redirect resolver evaluates (`cache/payload.ts`), so what is saved is what runs. Entries
 * may come without an id (the editor and the documented API send none): the server gives each a
 * UUID when it stores them (`withEntryIds`), so the redirect payload never drops one.
 */
const ruleId = z.string().trim().min(1).max(64);

/** Analytics record a split's variant id, which must be a UUID: anything else is refused here, not dead-lettered later. */
const splitId = z.uuid({
  message: "A split destination's id must be a UUID; leave it out and one is assigned.",
});

/**
 * The resolver's condition shapes, refusing unknown keys at this door (ARCHITECTURE.md#rules-that-hold-at-every-door); the payload
 * schema itself stays lenient, so an edge reading a newer server's payload keeps resolving.
 */
const [firstCondition, ...otherConditions] = ruleConditionSchema.options;
const ruleConditionInputSchema = z.discriminatedUnion('kind', [
  firstCondition.strict(),
  ...otherConditions.map((option) => option.strict()),
]);

export const targetingRuleInputSchema = z.strictObject({
  id: ruleId.optional(),
  conditions: z.array(ruleConditionInputSchema).min(1).max(10),
  destination_url: urlSchema,
});
export type TargetingRuleInput = z.infer<typeof targetingRuleInputSchema>;

export const targetingRulesSchema = z.array(targetingRuleInputSchema).max(50);

export const splitDestinationSchema = z.strictObject({
  id: splitId.optional(),
  url: urlSchema,
  weight: z.number().int().min(0).max(100),
});
export type SplitDestination = z.infer<typeof splitDestinationSchema>;

/** Empty (no split) or 2–10 destinations whose weights add up to exactly 100. */
export const splitDestinationsSchema = z
  .array(splitDestinationSchema)
  .max(10)
  .refine((list) => list.length !== 1, {
    message: 'A split needs at least two destinations.',
    params: { issue: 'too_few_destinations' },
  })
  .refine((list) => list.length === 0 || list.reduce((sum, d) => sum + d.weight, 0) === 100, {
    message: 'Split weights must add up to 100.',
    params: { issue: 'weights_must_sum_to_100' },
  });

/** Every entry with an id: the one it came with, else a new UUIDv7 (server-side, when stored). */
export function withEntryIds<T extends { id?: string | undefined }>(
  entries: readonly T[],
): Array<T & { id: string }> {
  return entries.map((entry) => ({ ...entry, id: entry.id ?? uuidv7() }));
}

/** What the API returns for a link's rules and split (every entry has its id). */
export const targetingRuleOutputSchema = z.object({
  id: z.string(),
  conditions: z.array(ruleConditionSchema),
  destination_url: z.string(),
});
export const splitDestinationOutputSchema = z.object({
  id: z.string(),
  url: z.string(),
  weight: z.number().int(),
});

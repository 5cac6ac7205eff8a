import { z } from 'zod';
import { ruleConditionSchema } from '../cache/payload';
import { urlSchema } from './common';

/**
 * Link targeting rules and split destinations as the API accepts them. The condition shapes are the
 * ones the redirect resolver evaluates (`cache/payload.ts`), so what is saved is what runs.
 */
const ruleId = z.string().trim().min(1).max(64);

export const targetingRuleInputSchema = z.strictObject({
  id: ruleId.optional(),
  conditions: z.array(ruleConditionSchema).min(1).max(10),
  destination_url: urlSchema,
});
export type TargetingRuleInput = z.infer<typeof targetingRuleInputSchema>;

export const targetingRulesSchema = z.array(targetingRuleInputSchema).max(50);

export const splitDestinationSchema = z.strictObject({
  id: ruleId.optional(),
  url: urlSchema,
  weight: z.number().int().min(0).max(100),
});
export type SplitDestination = z.infer<typeof splitDestinationSchema>;

/** Empty (no split) or 2–10 destinations whose weights add up to exactly 100. */
export const splitDestinationsSchema = z
  .array(splitDestinationSchema)
  .max(10)
  .refine((list) => list.length !== 1, { message: 'A split needs at least two destinations.', params: { issue: 'too_few_destinations' } })
  .refine((list) => list.length === 0 || list.reduce((sum, d) => sum + d.weight, 0) === 100, {
    message: 'Split weights must add up to 100.',
    params: { issue: 'weights_must_sum_to_100' },
  });

import { z } from 'zod';

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

/** One entry of the envelope's `details` (docs/product-rules.md#errors): the field, the issue name and any numbers or words it carries. */
export const apiErrorDetailSchema = z.object({
  field: optional(z.string()),
  issue: optional(z.string()),
  message: optional(z.string()),
  minimum: optional(z.number()),
  maximum: optional(z.number()),
  format: optional(z.string()),
  allowed: optional(z.array(z.string()).readonly()),
  retry_after_seconds: optional(z.number()),
  /** `split_active`: the link's split in words ("60 % to https://a.example, 40 % to …"). */
  split: optional(z.string()),
});
export type ApiErrorDetail = z.infer<typeof apiErrorDetailSchema>;

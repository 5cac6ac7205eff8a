import { z } from 'zod';
import { linkBlockSchema } from '../schemas/blocks';

/**
 * What a bio page variant changes (D-279): the order of the blocks, or one link block's
 * label and/or URL. The same shape is the REST/mutator input (`variants[].page`), the stored
 * `experiment_variants.payload` and the published snapshot's `experiment.variants[]`; a variant with
 * neither is the page as published (the control).
 */
const blockIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a block id');

/** A link block's URL rule (http(s), mailto: or tel:), stored normalised like every URL at the door (ARCHITECTURE.md#rules-that-hold-at-every-door). */
const pageUrlSchema = linkBlockSchema.shape.url;

export const pageVariantChangeSchema = z.strictObject({
  /** Block ids in the order to show them; blocks left out keep their published order after these. */
  block_order: z.array(blockIdSchema).min(1).max(200).optional(),
  /** One link block shown with another label and/or URL. */
  block: z
    .strictObject({
      id: blockIdSchema,
      label: z.string().trim().min(1).max(200).optional(),
      url: pageUrlSchema.optional(),
    })
    .refine((b) => b.label !== undefined || b.url !== undefined, 'Change the label, the URL or both.')
    .optional(),
});
export type PageVariantChange = z.infer<typeof pageVariantChangeSchema>;

/** A running bio page experiment as the published snapshot carries it (the edge picks in memory). */
export const pageExperimentSchema = z.object({
  id: z.string().min(1),
  arm: z.int().min(1).optional(),
  /** Click-through on this link block only; null: every link block. */
  goal_block_id: z.string().nullish(),
  variants: z
    .array(
      z.object({
        id: z.string().min(1),
        weight: z.int().min(0),
        block_order: pageVariantChangeSchema.shape.block_order,
        block: z
          .object({ id: z.string(), label: z.string().optional(), url: z.string().optional() })
          .optional(),
      }),
    )
    .min(1),
});
export type PageExperiment = z.infer<typeof pageExperimentSchema>;
export type PageExperimentVariant = PageExperiment['variants'][number];

import { z } from 'zod';
import {
  DIRECTION_OVERRIDE_ISSUE,
  holdsDirectionOverride,
  paginationQuerySchema,
  readableText,
  urlSchema,
  uuidSchema,
} from '../schemas/common';
import { EXPERIMENT_STATES } from './lifecycle';
import { baseArg } from '../mutators/base';
import { pageVariantChangeSchema } from './page-experiment';

/**
 * Experiments at both doors: the REST bodies of `/v1/experiments` (snake_case) and the
 * mutators' args are these schemas; strict at every depth.
 */
export const EXPERIMENT_RESOURCE_TYPES = ['link', 'qr_code', 'bio_page'] as const;
export type ExperimentResourceType = (typeof EXPERIMENT_RESOURCE_TYPES)[number];
export const EXPERIMENT_GOALS = ['conversions', 'clicks', 'leads'] as const;
export type ExperimentGoal = (typeof EXPERIMENT_GOALS)[number];

export const MAX_VARIANTS = 5;
const WEIGHT_TOTAL = 10_000;

export const variantKeySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9_-]{1,32}$/, 'Use 1–32 lower-case letters, digits, _ and -.');

export const variantInputSchema = z.strictObject({
  key: variantKeySchema,
  name: readableText(120).min(1),
  /** Basis points (0–10,000); the variants' weights add up to 10,000. */
  weight: z.int().min(0).max(WEIGHT_TOTAL),
  is_control: z.boolean().optional(),
  /** Links and QR codes: where this variant sends the visitor. */
  destination_url: urlSchema.optional(),
  /** Bio pages: what this variant changes on the page (absent: the page as published). */
  page: pageVariantChangeSchema
    // New labels only: a stored variant keeps reading as it was saved.
    .refine((page) => page.block?.label === undefined || !holdsDirectionOverride(page.block.label), {
      ...DIRECTION_OVERRIDE_ISSUE,
      path: ['block', 'label'],
    })
    .optional(),
});
export type VariantInput = z.infer<typeof variantInputSchema>;

const variantsSchema = z
  .array(variantInputSchema)
  .min(2)
  .max(MAX_VARIANTS)
  .superRefine((variants, ctx) => {
    const total = variants.reduce((sum, v) => sum + v.weight, 0);
    if (total !== WEIGHT_TOTAL)
      ctx.addIssue({
        code: 'custom',
        message: `The weights add up to ${total}; they must add up to ${WEIGHT_TOTAL} (100 %).`,
        params: { issue: 'weights_total' },
      });
    const keys = new Set(variants.map((v) => v.key));
    if (keys.size !== variants.length)
      ctx.addIssue({
        code: 'custom',
        message: 'Each variant needs its own key.',
        params: { issue: 'duplicate' },
      });
    if (variants.filter((v) => v.is_control === true).length > 1)
      ctx.addIssue({
        code: 'custom',
        message: 'Only one variant is the control.',
        params: { issue: 'duplicate' },
      });
  });

/** The announced plan (fixed at the start: the test's honesty depends on not choosing it afterwards). */
const planFields = {
  /** The control's expected conversion rate, 0–1 exclusive. */
  baseline_rate: z.number().gt(0).lt(1).optional(),
  /** The smallest relative lift worth finding (0.2 = 20 %). */
  minimum_effect: z.number().gt(0).max(10).optional(),
};

export const createExperimentInputSchema = z.strictObject({
  /** Needed when the editor's session calls (an API key knows its workspace). */
  workspace_id: uuidSchema.optional(),
  resource_type: z.enum(EXPERIMENT_RESOURCE_TYPES),
  resource_id: uuidSchema,
  name: readableText(120).min(1),
  goal: z.enum(EXPERIMENT_GOALS).optional(),
  /** Bio pages: count clicks on this link block only (absent: every link block). */
  goal_block_id: uuidSchema.optional(),
  variants: variantsSchema,
  ...planFields,
  /**
   * Links with a weighted split: a test replaces the split (D-515). Without `true` the request is
   * refused with 409 `split_active` naming the split; with it the split is cleared (kept in history).
   */
  replace_split: z.boolean().optional(),
});
export type CreateExperimentInput = z.infer<typeof createExperimentInputSchema>;

export const updateExperimentInputSchema = z.strictObject({
  workspace_id: uuidSchema.optional(),
  name: readableText(120).min(1).optional(),
  variants: variantsSchema.optional(),
  ...planFields,
});
export type UpdateExperimentInput = z.infer<typeof updateExperimentInputSchema>;

export const stepInputSchema = z.strictObject({ workspace_id: uuidSchema.optional() });
/** Start: a link's split is replaced only when asked (D-515), as at create. */
export const startInputSchema = z.strictObject({
  workspace_id: uuidSchema.optional(),
  replace_split: z.boolean().optional(),
});
/** The variant to keep, by id or by key; absent: the analysis's winner, if it named one. */
const winnerFields = {
  winner_variant_id: uuidSchema.optional(),
  winner_variant_key: variantKeySchema.optional(),
};
export const concludeInputSchema = z.strictObject({ workspace_id: uuidSchema.optional(), ...winnerFields });
/** Running or paused experiments are concluded first, in the same transaction ("promote in one click"). */
export const promoteInputSchema = z.strictObject({ workspace_id: uuidSchema.optional(), ...winnerFields });

export const experimentListQuerySchema = paginationQuerySchema.extend({
  workspace_id: uuidSchema.optional(),
  resource_id: uuidSchema.optional(),
  status: z.enum(EXPERIMENT_STATES).optional(),
});
export type ExperimentListQuery = z.infer<typeof experimentListQuerySchema>;
export const experimentReadQuerySchema = z.strictObject({ workspace_id: uuidSchema.optional() });

/** `POST /v1/conversions`: one conversion of the visit that carried `click_id` (the `lh_click` parameter). */
export const conversionInputSchema = z.strictObject({
  click_id: z.string().trim().min(1).max(200),
});

// ── Mutator args (the command layer): ids made by the caller, workspace always named ───────────────

const ref = { id: uuidSchema, workspace_id: uuidSchema };
export const createExperimentArgs = createExperimentInputSchema
  .omit({ workspace_id: true })
  .extend({ ...ref, variant_ids: z.array(uuidSchema).min(2).max(MAX_VARIANTS) })
  .strict();
/** The experiment fields a `base` may name (D-500); a variant list is replaced whole, last write wins. */
export const EXPERIMENT_BASE_FIELDS = ['name', 'baseline_rate', 'minimum_effect'] as const;
export const updateExperimentArgs = updateExperimentInputSchema
  .omit({ workspace_id: true })
  .extend({
    ...ref,
    variant_ids: z.array(uuidSchema).min(2).max(MAX_VARIANTS).optional(),
    base: baseArg(EXPERIMENT_BASE_FIELDS),
  })
  .strict();
export const experimentRefArgs = z.strictObject(ref);
export const startExperimentArgs = z.strictObject({ ...ref, replace_split: z.boolean().optional() });
export const concludeExperimentArgs = z.strictObject({ ...ref, winner_variant_id: uuidSchema.optional() });
export const promoteExperimentArgs = z.strictObject({ ...ref, winner_variant_id: uuidSchema.optional() });

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────────

export const intervalSchema = z.object({ low: z.number(), high: z.number() });

export const variantResultSchema = z.object({
  variant_id: uuidSchema,
  key: z.string(),
  name: z.string(),
  is_control: z.boolean(),
  weight: z.int(),
  /** Visitor-days: a visitor counts once per UTC day (the day-salted visitor hash), bots excluded. */
  visitors: z.int(),
  conversions: z.int(),
  bot_visitors: z.int(),
  rate: z.number().nullable(),
  interval: intervalSchema.nullable(),
});
export type VariantResult = z.infer<typeof variantResultSchema>;

export const comparisonSchema = z.object({
  variant_id: uuidSchema,
  control_variant_id: uuidSchema,
  difference: z.number().nullable(),
  relative_lift: z.number().nullable(),
  interval: intervalSchema.nullable(),
  p_value: z.number(),
  /** 1 − p_value: the "x % confident" the verdict says. */
  confidence: z.number(),
  significant: z.boolean(),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const srmSchema = z.object({
  statistic: z.number(),
  p_value: z.number(),
  flagged: z.boolean(),
  expected_shares: z.array(z.number()),
  observed_shares: z.array(z.number()),
});

export const VERDICT_KINDS = [
  'waiting',
  'sample_ratio_mismatch',
  'winner',
  'no_winner_yet',
  'no_difference',
] as const;
export const verdictSchema = z.object({
  kind: z.enum(VERDICT_KINDS),
  variant_id: uuidSchema.nullable(),
  text: z.string(),
});
export type Verdict = z.infer<typeof verdictSchema>;

export const experimentAnalysisSchema = z.object({
  method: z.string(),
  unit: z.literal('visitor_day'),
  alpha: z.number(),
  /** The mixing standard deviation: the announced smallest absolute effect. */
  tau: z.number(),
  arm_period: z.int(),
  looks: z.int(),
  variants: z.array(variantResultSchema),
  comparisons: z.array(comparisonSchema),
  srm: srmSchema,
  total_visitors: z.int(),
  planned_visitors: z.int().nullable(),
  remaining_visitors: z.int().nullable(),
  verdict: verdictSchema,
});
export type ExperimentAnalysis = z.infer<typeof experimentAnalysisSchema>;

export const experimentVariantViewSchema = z.object({
  id: uuidSchema,
  key: z.string(),
  name: z.string(),
  is_control: z.boolean(),
  weight: z.int(),
  destination_url: z.string().nullable(),
  /** Bio pages: what the variant changes on the page; null for links, QR codes and a page's control. */
  page: pageVariantChangeSchema.nullable(),
});

export const experimentViewSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  resource_type: z.enum(EXPERIMENT_RESOURCE_TYPES),
  resource_id: uuidSchema,
  name: z.string(),
  status: z.enum(EXPERIMENT_STATES),
  goal: z.enum(EXPERIMENT_GOALS),
  goal_block_id: uuidSchema.nullable(),
  append_click_id: z.boolean(),
  baseline_rate: z.number(),
  minimum_effect: z.number(),
  alpha: z.number(),
  arm_period: z.int(),
  arm_started_at: z.string().nullable(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  promoted_at: z.string().nullable(),
  winner_variant_id: uuidSchema.nullable(),
  variants: z.array(experimentVariantViewSchema),
  /** The steps the lifecycle allows from `status` (what the editor offers). */
  next_steps: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ExperimentView = z.infer<typeof experimentViewSchema>;

export const experimentResultsViewSchema = z.object({
  experiment_id: uuidSchema,
  arm_period: z.int(),
  computed_at: z.string().nullable(),
  analysis: experimentAnalysisSchema.nullable(),
});
export type ExperimentResultsView = z.infer<typeof experimentResultsViewSchema>;

export const conversionOutcomeSchema = z.object({
  experiment_id: uuidSchema,
  variant_id: uuidSchema,
  /** False when not counted: a repeat of a counted visitor-day, or a click id this workspace cannot use. */
  counted: z.boolean(),
  reason: z.enum(['duplicate', 'unknown_experiment', 'experiment_not_running']).nullable(),
});

import { z } from 'zod';
import { isoDateTimeSchema, paginationQuerySchema, readableText, uuidSchema } from './common';
import { utmInputSchema } from './links';

/**
 * A workspace's UTM presets (D-623): a name and the UTM values (`utm_source`… without the prefix,
 * as on a link). A link create or update names one with `utm_preset_id`; its values fill `utm`.
 */
const presetName = readableText(80).min(1);

export const createUtmPresetInputSchema = z.strictObject({
  /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
  workspace_id: uuidSchema.optional(),
  name: presetName,
  utm: utmInputSchema,
});
export type CreateUtmPresetInput = z.infer<typeof createUtmPresetInputSchema>;

export const updateUtmPresetInputSchema = z
  .strictObject({
    workspace_id: uuidSchema.optional(),
    name: presetName.optional(),
    utm: utmInputSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.utm !== undefined, {
    message: 'Send a name or utm values to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateUtmPresetInput = z.infer<typeof updateUtmPresetInputSchema>;

/** `GET /v1/utm-presets` and the `workspace_id` a session names on a read or delete. */
export const utmPresetQuerySchema = paginationQuerySchema.extend({ workspace_id: uuidSchema.optional() });

export const utmPresetSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  name: z.string(),
  utm: z.record(z.string(), z.string()),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type UtmPreset = z.infer<typeof utmPresetSchema>;

import { z } from 'zod';
import { designToApi, qrDesignApiOutputSchema, qrDesignApiSchema } from './qr-design';
import { isoDateTimeSchema, paginationQuerySchema, readableText, uuidSchema } from './common';

/**
 * Brand kits (D-577): a workspace's saved QR designs. `design` is the REST design (snake_case,
 * strict at every depth, `qr-design.ts`); stored as the design model like `qr_codes.design`.
 */
const brandKitName = readableText(80).min(1);

export const createBrandKitInputSchema = z.strictObject({
  /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
  workspace_id: uuidSchema.optional(),
  name: brandKitName,
  design: qrDesignApiSchema,
});
export type CreateBrandKitInput = z.infer<typeof createBrandKitInputSchema>;

export const updateBrandKitInputSchema = z
  .strictObject({
    workspace_id: uuidSchema.optional(),
    name: brandKitName.optional(),
    design: qrDesignApiSchema.optional(),
  })
  .refine((v) => v.name !== undefined || v.design !== undefined, {
    message: 'Send a name or a design to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateBrandKitInput = z.infer<typeof updateBrandKitInputSchema>;

/** `GET /v1/brand-kits` and the `workspace_id` a session names on a read or delete. */
export const brandKitQuerySchema = paginationQuerySchema.extend({ workspace_id: uuidSchema.optional() });

export const brandKitSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  name: z.string(),
  design: qrDesignApiOutputSchema,
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type BrandKit = z.infer<typeof brandKitSchema>;

type JsonRecord = Record<string, unknown>;
const isRecord = (value: unknown): value is JsonRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A create body with a brand kit applied, before it is parsed: the kit's design is the starting
 * point and every design key the body sends wins over it; a frame sent with only its label (a CSV
 * row's call to action) keeps the kit's frame style. `brand_kit_id` stays in the body (the schema
 * takes it); the result is parsed by the same `createQrCodeInputSchema` as every create.
 */
export function withBrandKit(body: unknown, kitDesign: unknown): unknown {
  if (!isRecord(body)) return body;
  const kit: JsonRecord = designToApi(kitDesign);
  const own = body.design;
  if (own !== undefined && !isRecord(own)) return body;
  const mine = own ?? {};
  const frame =
    isRecord(mine.frame) && isRecord(kit.frame) ? { ...kit.frame, ...mine.frame } : (mine.frame ?? kit.frame);
  return { ...body, design: { ...kit, ...mine, frame } };
}

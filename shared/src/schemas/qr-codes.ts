import { z } from 'zod';
import { qrDesignApiOutputSchema, qrDesignApiSchema } from './qr-design';
import {
  hostnameSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  slugSchema,
  titleSchema,
  urlSchema,
  uuidSchema,
} from './common';

/**
 * Dynamic QR codes (docs/product-rules.md#api): `POST /v1/qr-codes {destination_url, slug?, domain?, title?, design?}`.
 * `design` is snake_case and strict at every depth (`qr-design.ts` maps it onto the QR engine's model);
 * its slug is reserved forever on create.
 */
export const createQrCodeInputSchema = z
  .strictObject({
    destination_url: urlSchema,
    slug: slugSchema.optional(),
    domain: hostnameSchema.optional(),
    domain_id: uuidSchema.optional(),
    title: titleSchema.optional(),
    design: qrDesignApiSchema.optional(),
  })
  .refine((v) => v.domain === undefined || v.domain_id === undefined, {
    message: 'Give either domain or domain_id, not both.',
    path: ['domain_id'],
    params: { issue: 'conflicts_with_domain' },
  });
export type CreateQrCodeInput = z.infer<typeof createQrCodeInputSchema>;

/** `PATCH /v1/qr-codes/{id}`: re-point or restyle. The slug never changes. */
export const updateQrCodeInputSchema = z
  .strictObject({
    destination_url: urlSchema.optional(),
    title: titleSchema.nullable().optional(),
    design: qrDesignApiSchema.optional(),
    status: z.enum(['active', 'paused']).optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateQrCodeInput = z.infer<typeof updateQrCodeInputSchema>;

export const QR_EXPORT_FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
export type QrExportFormat = (typeof QR_EXPORT_FORMATS)[number];
export const QR_EXPORT_DPIS = [300, 600] as const;
/** The printed side of a code (frame included) a print file may have, in millimetres: one file or a batch. */
export const QR_PRINT_SIZE_MM = { min: 10, max: 1000 } as const;

/** `GET /v1/qr-codes/{id}/render?format=&size_mm=&dpi=&bleed_mm=`. */
export const renderQrQuerySchema = z
  .object({
    format: z.enum(QR_EXPORT_FORMATS).default('svg'),
    /** Printed side of the symbol (frame included), in millimetres. */
    size_mm: z.coerce.number().min(QR_PRINT_SIZE_MM.min).max(QR_PRINT_SIZE_MM.max).default(30),
    /** PNG only. */
    dpi: z.coerce
      .number()
      .refine((v) => (QR_EXPORT_DPIS as readonly number[]).includes(v), {
        message: 'DPI is 300 or 600.',
        params: { issue: 'invalid_value' },
      })
      .optional(),
    /** PDF only. */
    bleed_mm: z.coerce.number().min(0).max(10).default(0),
  })
  .refine((v) => v.dpi === undefined || v.format === 'png', {
    message: 'dpi applies to PNG only.',
    path: ['dpi'],
    params: { issue: 'not_applicable' },
  })
  .refine((v) => v.bleed_mm === 0 || v.format === 'pdf', {
    message: 'bleed_mm applies to PDF only.',
    path: ['bleed_mm'],
    params: { issue: 'not_applicable' },
  });
export type RenderQrQuery = z.infer<typeof renderQrQuerySchema>;

export const listQrCodesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(1).max(200).optional(),
  status: z.enum(['active', 'paused', 'archived']).optional(),
});
export type ListQrCodesQuery = z.infer<typeof listQrCodesQuerySchema>;

export const qrCodeSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  domain_id: uuidSchema,
  slug: z.string(),
  short_url: z.url(),
  /** What the symbol encodes, byte for byte: every export of this code decodes to this text. */
  encoded_text: z.string(),
  destination_url: z.string().nullable(),
  title: z.string().nullable(),
  status: z.enum(['active', 'paused', 'archived']),
  design: qrDesignApiOutputSchema,
  design_revision: z.number().int(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type QrCode = z.infer<typeof qrCodeSchema>;

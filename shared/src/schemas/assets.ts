import { z } from 'zod';
import { paginationQuerySchema, uuidSchema } from './common';

/** An uploaded image as `/v1/assets` answers it (stored normalised: PNG or JPEG, never SVG). */
export const assetSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  kind: z.enum(['qr_logo']),
  content_type: z.enum(['image/png', 'image/jpeg']),
  byte_size: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.iso.datetime({ offset: true }),
  /** What to put in a QR design as `design.logo.source`. */
  logo_source: z.object({ kind: z.literal('asset'), asset_id: uuidSchema }),
});
export type Asset = z.infer<typeof assetSchema>;

/** Media types `POST /v1/assets` takes as the raw body (a multipart form with a `file` field works too). */
export const ASSET_UPLOAD_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

/** `GET /v1/assets`: newest first, a page at a time (`cursor` from the previous page's `meta.next_cursor`). */
export const listAssetsQuerySchema = paginationQuerySchema.strict();

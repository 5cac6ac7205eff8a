import { z } from 'zod';
import { PHOTO_KINDS, responsiveImageSchema } from '../photos/responsive-image';
import { paginationQuerySchema, uuidSchema } from './common';

/** What `POST /v1/assets?kind=` uploads: a QR centre logo (the default) or a photo for a bio page (D-585). */
export const ASSET_KINDS = ['qr_logo', ...PHOTO_KINDS] as const;
export const uploadAssetQuerySchema = z.strictObject({
  kind: z.enum(ASSET_KINDS).default('qr_logo'),
  /** The editor's signed-in user names the workspace (an API key knows its own). */
  workspace_id: uuidSchema.optional(),
});
/** `GET /v1/assets/{id}/content`: the editor's signed-in user names the workspace. */
export const assetContentQuerySchema = z.strictObject({ workspace_id: uuidSchema.optional() });

/** An uploaded image as `/v1/assets` answers it (stored normalised: PNG or JPEG, never SVG). */
export const assetSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  kind: z.enum(ASSET_KINDS),
  content_type: z.enum(['image/png', 'image/jpeg']),
  byte_size: z.number().int().positive(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  created_at: z.iso.datetime({ offset: true }),
  /** What to put in a QR design as `design.logo.source`; null for a photo. */
  logo_source: z.object({ kind: z.literal('asset'), asset_id: uuidSchema }).nullable(),
  /** A photo's stored variants (what the public page's `<picture>` offers); null for a QR logo. */
  image: responsiveImageSchema.nullable(),
});
export type Asset = z.infer<typeof assetSchema>;

/** Media types `POST /v1/assets` takes as the raw body (a multipart form with a `file` field works too). */
export const ASSET_UPLOAD_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

/** `GET /v1/assets`: newest first, a page at a time (`cursor` from the previous page's `meta.next_cursor`). */
export const listAssetsQuerySchema = paginationQuerySchema.strict();

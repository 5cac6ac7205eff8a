import { z } from 'zod';
import { PHOTO_PATH } from '../photos/responsive-image';
import { readableText, urlSchema } from '../schemas/common';

/** How long a card's title and description may be (what the networks show, with room to spare). */
export const PREVIEW_TITLE_MAX = 120;
export const PREVIEW_DESCRIPTION_MAX = 300;

/**
 * A card image: an https address, or an uploaded photo's variant on our edge (`/_img/…`, served on
 * every host like a bio page's photos, D-626), made absolute when the card is served.
 */
export const previewImageSchema = z.union([
  z.string().trim().regex(PHOTO_PATH, { message: 'Not an uploaded photo path.' }),
  urlSchema.refine((url) => url.startsWith('https://'), {
    message: 'The image must be an https:// address (social networks refuse others).',
    params: { issue: 'not_https' },
  }),
]);

/**
 * `social_preview` as a write sends it (D-625): each field optional; null or an empty string clears
 * it. A link without any field set has no preview (crawlers get the redirect like everyone).
 */
export const socialPreviewInputSchema = z.strictObject({
  title: readableText(PREVIEW_TITLE_MAX).nullable().optional(),
  description: readableText(PREVIEW_DESCRIPTION_MAX).nullable().optional(),
  image_url: z
    .union([z.literal(''), previewImageSchema])
    .nullable()
    .optional(),
});
export type SocialPreviewInput = z.infer<typeof socialPreviewInputSchema>;

/** A stored preview, every field present (null when unset); what the API returns and the payload carries. */
export const socialPreviewSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
});
export type SocialPreview = z.infer<typeof socialPreviewSchema>;

const orNull = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value.trim() === '' ? null : value;

/** The stored form of a written preview: null when it sets nothing (so the hit path skips it). */
export function storedSocialPreview(input: SocialPreviewInput | null): SocialPreview | null {
  if (input === null) return null;
  const preview = {
    title: orNull(input.title),
    description: orNull(input.description),
    image_url: orNull(input.image_url),
  };
  return hasPreview(preview) ? preview : null;
}

export function hasPreview(preview: SocialPreview): boolean {
  return preview.title !== null || preview.description !== null || preview.image_url !== null;
}

/** A stored jsonb value read defensively: a malformed one is no preview, never a failed answer. */
export function readSocialPreview(value: unknown): SocialPreview | null {
  const parsed = socialPreviewSchema.safeParse(value);
  return parsed.success && hasPreview(parsed.data) ? parsed.data : null;
}

import { z } from 'zod';

/** The size link previews ask for (Open Graph and `summary_large_image`: 1.91 to 1). */
export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** A card served by the edge from the page's own origin: a generated PNG or an uploaded JPEG (D-600). */
export const SHARE_IMAGE_PATH = /^\/_img\/[0-9a-f]{32}\.(png|jpg)$/;

/** The card a page's link previews show, as the published snapshot carries it. */
export const shareImageSchema = z.object({
  path: z.string().regex(SHARE_IMAGE_PATH),
  width: z.int().min(1).max(10_000),
  height: z.int().min(1).max(10_000),
  /** `generated` from the page's look at publish, or the creator's `uploaded` photo. */
  source: z.enum(['generated', 'uploaded']),
});
export type ShareImage = z.infer<typeof shareImageSchema>;

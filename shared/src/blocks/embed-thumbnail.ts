import { z } from 'zod';
import { responsiveImageSchema } from '../photos/responsive-image';
import type { EmbedProvider } from './embeds';

/**
 * What the page knows of an embed before the visitor clicks (D-609): the provider's title and
 * thumbnail, fetched once at publish (oEmbed) and stored through the photo pipeline, so the facade
 * shows a real picture from the page's own origin and still makes no third-party request.
 */
export const embedThumbnailSchema = z.object({
  title: z.string().max(300).optional(),
  image: responsiveImageSchema.optional(),
});
export type EmbedThumbnail = z.infer<typeof embedThumbnailSchema>;

/**
 * Each network's colour for the designed placeholder, darkened where needed so white text on it
 * meets WCAG AA (a test holds them to 4.5:1).
 */
export const EMBED_COLOURS: Readonly<Record<EmbedProvider, string>> = {
  youtube: '#cc0000',
  vimeo: '#0f6c8c',
  spotify: '#12773a',
  soundcloud: '#c23d00',
};

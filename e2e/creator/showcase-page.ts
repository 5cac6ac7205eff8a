import type { BlockInput } from '@linkhub/shared/schemas/blocks';
import type { ThemeInput } from '@linkhub/shared/schemas/pages';

/**
 * Pages that use every block type and every theme feature between them, as a creator would build
 * them over `/v1`: the budgets (Nu checker, axe, bytes) are checked on what the edge serves for these.
 * A scheduled block and a link behind a sensitive-content notice are among them.
 */
/** The uploaded photos' ids, and the block photo's widest JPEG (an image block's `url`). */
export type PhotoIds = { avatar: string; block: string; blockUrl: string; background: string };

export function showcaseBlocks(photos: PhotoIds): BlockInput[] {
  return [
    { type: 'header', text: 'New prints' },
    { type: 'text', text: 'Risograph prints & zines, made in Lisbon.\nShipping worldwide.' },
    { type: 'link', title: 'Shop the spring drop', url: 'https://shop.example.com/spring' },
    { type: 'link', title: 'Email me', url: 'mailto:hello@example.com' },
    {
      type: 'image',
      url: photos.blockUrl,
      alt: 'Leaves against a blue sky, a dragonfly resting on a stem',
      asset_id: photos.block,
    },
    { type: 'divider' },
    {
      type: 'social',
      links: [
        { network: 'instagram', url: 'https://instagram.com/example' },
        { network: 'youtube', url: 'https://youtube.com/@example' },
        { network: 'mastodon', url: 'https://mastodon.social/@example' },
      ],
    },
    { type: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    { type: 'embed', url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
    { type: 'email_capture', title: 'Get new prints first', button_label: 'Sign me up', double_opt_in: true },
    // Showing now until tomorrow, and a link behind a sensitive-content notice (its link shows the notice first).
    {
      type: 'link',
      title: 'Tonight only: flash sale',
      url: 'https://shop.example.com/flash',
      visible_from: new Date(Date.now() - 3_600_000).toISOString(),
      visible_until: new Date(Date.now() + 86_400_000).toISOString(),
    },
    {
      type: 'link',
      title: 'Studio photos',
      url: 'https://gallery.example.com/studio',
      notice: { kind: 'sensitive', message: 'Healing photos: some skin and blood.' },
    },
  ];
}

/** The photo page: web font, pill outline buttons, a background photo under its veil. */
export const PHOTO_THEME = (background: string): ThemeInput => ({
  background: '#fdf6ec',
  text: '#1f2937',
  accent: '#9a3412',
  font: 'dm-sans',
  button_shape: 'pill',
  button_style: 'outline',
  background_kind: 'image',
  background_photo: background,
});

/** The gradient page: a serif web font, soft square buttons, a gradient at an angle. */
export const GRADIENT_THEME: ThemeInput = {
  background: '#0f172a',
  text: '#f8fafc',
  accent: '#f59e0b',
  font: 'playfair',
  button_shape: 'square',
  button_style: 'soft',
  background_kind: 'gradient',
  background_to: '#312e81',
  gradient_angle: 135,
};

import { generateNKeysBetween } from 'fractional-indexing';
import { z } from 'zod';
import { jsonObjectArg } from '../mutators/args';
import { blockInputSchema, type BlockInput } from '../schemas/blocks';
import { presetByKey, type ThemePreset } from './presets';

/**
 * Starting points for a new bio page (D-582): a preset and a block layout with placeholder text the
 * creator overwrites. Creating from one is the page's create plus one add per block, the same
 * mutations as building it by hand, so it works offline like any create.
 */
export const pageTemplateSchema = z
  .strictObject({
    key: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/),
    name: z.string().min(1).max(40),
    /** One line under the name in the "New bio page" choice. */
    summary: z.string().min(1).max(120),
    preset: z.string().min(1),
    bio: z.string().max(1000),
    blocks: z.array(blockInputSchema).min(1).max(20),
  })
  .refine((t) => presetByKey(t.preset) !== undefined, { message: 'unknown preset', path: ['preset'] });
export type PageTemplate = z.infer<typeof pageTemplateSchema>;

const link = (title: string, url: string): BlockInput => ({ type: 'link', title, url });

export const PAGE_TEMPLATES: readonly PageTemplate[] = z.array(pageTemplateSchema).parse([
  {
    key: 'musician',
    name: 'Musician',
    summary: 'New release, tour dates, a player and your socials.',
    preset: 'midnight',
    bio: 'Songwriter and producer. New single out now.',
    blocks: [
      link('Listen to the new single', 'https://example.com/new-single'),
      link('Tour dates and tickets', 'https://example.com/tour'),
      { type: 'header', text: 'Watch' },
      link('Latest music video', 'https://example.com/video'),
      {
        type: 'social',
        links: [
          { network: 'instagram', url: 'https://instagram.com/yourname' },
          { network: 'spotify', url: 'https://open.spotify.com/' },
          { network: 'youtube', url: 'https://youtube.com/' },
        ],
      },
      { type: 'email_capture', title: 'Hear about new music first', button_label: 'Sign up' },
    ],
  },
  {
    key: 'shop',
    name: 'Shop',
    summary: 'Your store, bestsellers, a sale and a newsletter.',
    preset: 'citrus',
    bio: 'Handmade goods, shipped worldwide.',
    blocks: [
      link('Shop all products', 'https://example.com/shop'),
      link('Bestsellers', 'https://example.com/bestsellers'),
      link('This week’s sale', 'https://example.com/sale'),
      { type: 'divider' },
      { type: 'text', text: 'Questions about an order? Write to us and we answer within a day.' },
      link('Contact us', 'mailto:hello@example.com'),
      { type: 'email_capture', title: 'Get 10 % off your first order', button_label: 'Send me the code' },
    ],
  },
  {
    key: 'creator',
    name: 'Creator',
    summary: 'Latest video, collaborations and every social in one row.',
    preset: 'lavender',
    bio: 'Videos about making things. New every Friday.',
    blocks: [
      {
        type: 'social',
        links: [
          { network: 'youtube', url: 'https://youtube.com/' },
          { network: 'tiktok', url: 'https://tiktok.com/' },
          { network: 'instagram', url: 'https://instagram.com/yourname' },
        ],
      },
      link('My latest video', 'https://example.com/latest'),
      link('Gear I use', 'https://example.com/gear'),
      link('Work with me', 'mailto:collabs@example.com'),
      { type: 'header', text: 'Support the channel' },
      link('Become a member', 'https://example.com/members'),
    ],
  },
  {
    key: 'restaurant',
    name: 'Restaurant',
    summary: 'Menu, bookings, opening hours and how to find you.',
    preset: 'terracotta',
    bio: 'Seasonal cooking in the heart of town.',
    blocks: [
      link('See the menu', 'https://example.com/menu'),
      link('Book a table', 'https://example.com/book'),
      link('Order for delivery', 'https://example.com/delivery'),
      { type: 'header', text: 'Opening hours' },
      { type: 'text', text: 'Tue–Sat 12:00–22:00\nSun 12:00–16:00\nClosed Mondays' },
      link('Call us', 'tel:+15550100'),
      link('Find us on the map', 'https://example.com/map'),
    ],
  },
]);

/** A template's blocks as `addBlock` inputs: type, data and a position key in the template's order. */
export function templateBlocks(
  template: PageTemplate,
): Array<{ type: BlockInput['type']; data: z.infer<typeof jsonObjectArg>; position: string }> {
  const positions = generateNKeysBetween(null, null, template.blocks.length);
  return template.blocks.map((block, index) => {
    const { type, ...data } = block;
    return { type, data: jsonObjectArg.parse(data), position: positions[index] ?? String(index) };
  });
}

export function templatePreset(template: PageTemplate): ThemePreset {
  const preset = presetByKey(template.preset);
  if (preset === undefined) throw new Error(`template ${template.key}: unknown preset ${template.preset}`);
  return preset;
}

import { describe, expect, it } from 'vitest';
import { BLOCK_INPUT_TYPES, blockData, blockInputSchema } from '../schemas/blocks';
import { BLOCK_TYPES } from './catalog';
import { snapshotBlockSchema } from './snapshot';

/** Every block the API accepts (schemas/blocks.ts) must be a block the renderer reads once stored. */
const VALID_INPUTS: unknown[] = [
  { type: 'link', title: ' Shop ', url: 'https://shop.example/?a=1' },
  { type: 'link', title: 'Call', url: 'tel:+351210000000' },
  { type: 'header', text: 'Latest' },
  { type: 'text', text: 'Line one\nLine two' },
  {
    type: 'social',
    links: [
      { network: 'Instagram', url: 'https://instagram.com/m' },
      { network: 'email', url: 'mailto:a@example.com' },
    ],
  },
  { type: 'image', url: 'https://img.example/a.webp', alt: '', width: 800, height: 600 },
  { type: 'image', url: '/assets/b.webp', alt: 'A print' },
  { type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' },
  { type: 'embed', url: 'https://soundcloud.com/forss/flickermood' },
  { type: 'email_capture', title: 'Newsletter', button_label: 'Join' },
  { type: 'divider' },
];

describe('block input → stored snapshot block', () => {
  it('covers the same block types', () => {
    expect([...BLOCK_INPUT_TYPES].sort()).toEqual([...BLOCK_TYPES].sort());
    expect(new Set(VALID_INPUTS.map((b) => (b as { type: string }).type)).size).toBe(BLOCK_TYPES.length);
  });

  it('every valid input, once stored as {id, type, data}, parses as a snapshot block', () => {
    for (const [i, raw] of VALID_INPUTS.entries()) {
      const input = blockInputSchema.parse(raw);
      const stored = { id: `b${i}`, ...blockData(input) };
      const parsed = snapshotBlockSchema.safeParse(stored);
      expect(parsed.success, JSON.stringify(raw)).toBe(true);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { blockData, blockInputSchema, BLOCK_INPUT_TYPES } from './blocks';
import { createPageInputSchema, updatePageInputSchema } from './pages';
import { problems } from './test-helpers';

const everyBlock = [
  { type: 'link', title: 'Shop', url: 'https://shop.example.com' },
  { type: 'header', text: 'Latest' },
  { type: 'text', text: 'Plain <b>text</b>, escaped when rendered.' },
  { type: 'social', links: [{ network: 'Instagram', url: 'https://instagram.com/maya' }] },
  { type: 'image', url: 'https://cdn.example.com/a.jpg', alt: 'Maya on stage' },
  { type: 'embed', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
  { type: 'email_capture', title: 'Join the list', button_label: 'Subscribe' },
  { type: 'divider' },
] as const;

describe('the block union', () => {
  it('accepts one of every block type', () => {
    expect(everyBlock.map((b) => b.type)).toEqual([...BLOCK_INPUT_TYPES]);
    for (const block of everyBlock) expect(problems(blockInputSchema, block), block.type).toEqual([]);
    expect(blockInputSchema.parse(everyBlock[3])).toMatchObject({ links: [{ network: 'instagram' }] });
  });

  it('names the bad field of the block type that was sent', () => {
    expect(problems(blockInputSchema, { type: 'link', title: '', url: 'javascript:alert(1)' })).toEqual([
      ['title', 'too_small'],
      ['url', 'invalid_format'],
    ]);
    expect(problems(blockInputSchema, { type: 'image', url: 'http://insecure.example.com/a.jpg' })).toEqual([
      ['url', 'invalid_format'],
      ['alt', 'required'],
    ]);
    expect(problems(blockInputSchema, { type: 'embed', url: 'https://evil.example.com/player' })).toEqual([
      ['url', 'unsupported_embed'],
    ]);
    expect(problems(blockInputSchema, { type: 'divider', text: 'x' })).toEqual([
      ['text', 'unrecognized_key'],
    ]);
    expect(problems(blockInputSchema, { type: 'carousel' })).toEqual([['type', 'invalid_value']]);
  });

  it('accepts mailto: and tel: link blocks and uploaded image paths', () => {
    expect(
      problems(blockInputSchema, { type: 'link', title: 'Mail', url: 'mailto:maya@example.com' }),
    ).toEqual([]);
    expect(problems(blockInputSchema, { type: 'link', title: 'Call', url: 'tel:+441234567' })).toEqual([]);
    expect(problems(blockInputSchema, { type: 'image', url: '/assets/abc.webp', alt: '' })).toEqual([]);
  });

  it('stores link and social block addresses in their normalised form (IDN host to punycode, path percent-encoded)', () => {
    const link = blockInputSchema.parse({
      type: 'link',
      title: 'Tokyo',
      url: 'https://ja.wikipedia.org/wiki/東京',
    });
    expect(link).toMatchObject({ url: 'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC' });
    const social = blockInputSchema.parse({
      type: 'social',
      links: [{ network: 'web', url: 'https://bücher.example/' }],
    });
    expect(social).toMatchObject({ links: [{ network: 'web', url: 'https://xn--bcher-kva.example/' }] });
  });

  it('blockData() gives the stored {type, data} shape', () => {
    expect(
      blockData(
        blockInputSchema.parse({ id: 'b1', type: 'link', title: 'Shop', url: 'https://shop.example.com' }),
      ),
    ).toEqual({
      type: 'link',
      data: { title: 'Shop', url: 'https://shop.example.com' },
    });
    expect(blockData(blockInputSchema.parse({ type: 'divider' }))).toEqual({ type: 'divider', data: {} });
  });
});

describe('pages (POST/PATCH /v1/pages)', () => {
  it('creates with handle, title and optional bio, theme and blocks', () => {
    const page = createPageInputSchema.parse({
      handle: ' Maya ',
      title: 'Maya',
      theme: { accent: '#ff0066' },
      blocks: everyBlock,
    });
    expect(page.handle).toBe('maya');
    expect(page.theme).toEqual({ accent: '#ff0066' });
    expect(page.blocks).toHaveLength(8);
  });

  it('reports nested block errors by index', () => {
    expect(
      problems(createPageInputSchema, {
        handle: 'maya',
        title: 'Maya',
        blocks: [
          { type: 'header', text: 'ok' },
          { type: 'text', text: '' },
        ],
      }),
    ).toEqual([['blocks.1.text', 'too_small']]);
    expect(problems(createPageInputSchema, { handle: '-bad', title: 'x' })).toEqual([
      ['handle', 'invalid_format'],
    ]);
    expect(
      problems(createPageInputSchema, { handle: 'maya', title: 'x', theme: { accent: 'pink' } }),
    ).toEqual([['theme.accent', 'invalid_format']]);
  });

  it('a PATCH of one theme field changes only that field; an empty PATCH is refused', () => {
    expect(updatePageInputSchema.parse({ theme: { font: 'serif' } })).toEqual({ theme: { font: 'serif' } });
    expect(problems(updatePageInputSchema, {})).toEqual([['body', 'empty_update']]);
  });
});

import type { BlockType } from '@linkhub/shared/blocks/snapshot';

/** The editable fields of each block type, as simple text inputs (social: one network + URL pair). */
export type BlockFieldDef = { key: string; label: string; type?: 'url' | 'text' | 'textarea' };

export const BLOCK_LABELS: Record<BlockType, string> = {
  link: 'Link button',
  header: 'Heading',
  text: 'Text',
  social: 'Social link',
  image: 'Image',
  embed: 'Embed (YouTube, Vimeo, Spotify, SoundCloud)',
  email_capture: 'Email sign-up',
  divider: 'Divider',
};

export const BLOCK_FIELDS: Record<BlockType, BlockFieldDef[]> = {
  link: [{ key: 'title', label: 'Button text' }, { key: 'url', label: 'URL', type: 'url' }],
  header: [{ key: 'text', label: 'Heading text' }],
  text: [{ key: 'text', label: 'Text', type: 'textarea' }],
  social: [{ key: 'network', label: 'Network (e.g. instagram)' }, { key: 'url', label: 'Profile URL', type: 'url' }],
  image: [{ key: 'url', label: 'Image URL (https)', type: 'url' }, { key: 'alt', label: 'Alternative text' }],
  embed: [{ key: 'url', label: 'Media URL', type: 'url' }],
  email_capture: [{ key: 'title', label: 'Heading' }, { key: 'button_label', label: 'Button label' }],
  divider: [],
};

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Form values → the block's `data` (social keeps a one-item `links` list). */
export function dataFromFields(type: BlockType, values: Record<string, string>): Record<string, Json> {
  if (type === 'social') return { links: [{ network: values.network ?? '', url: values.url ?? '' }] };
  if (type === 'divider') return {};
  return Object.fromEntries(BLOCK_FIELDS[type].map((f) => [f.key, values[f.key] ?? '']));
}

/** A block's `data` → form values. */
export function fieldsFromData(type: string, data: Record<string, unknown>): Record<string, string> {
  if (type === 'social') {
    const first = Array.isArray(data.links) ? (data.links[0] as Record<string, unknown> | undefined) : undefined;
    return { network: String(first?.network ?? ''), url: String(first?.url ?? '') };
  }
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === 'string' ? v : String(v ?? '')]));
}

/** A one-line summary of a block for the list. */
export function blockSummary(type: string, data: Record<string, unknown>): string {
  const v = fieldsFromData(type, data);
  return v.title ?? v.text ?? v.url ?? v.network ?? '';
}

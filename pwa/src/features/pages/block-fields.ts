import type { BlockType } from '@linkhub/shared/blocks/snapshot';
import { SOCIAL_NETWORKS } from '@linkhub/shared/blocks/social-networks';
import type { BlockView } from '@linkhub/shared/sync/views';
import { extraDataOf, extraValuesOf } from './block-extras/block-extras';

/** The editable fields of each block type, as simple text inputs (social: rows of network + URL, see SocialRow). */
export type BlockFieldDef = {
  key: string;
  label: string;
  type?: 'url' | 'text' | 'textarea' | 'checkbox';
  hint?: string;
};

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
  link: [
    { key: 'title', label: 'Button text' },
    { key: 'url', label: 'URL', type: 'url' },
  ],
  header: [{ key: 'text', label: 'Heading text' }],
  text: [{ key: 'text', label: 'Text', type: 'textarea' }],
  social: [],
  image: [
    { key: 'url', label: 'Image URL (https)', type: 'url' },
    { key: 'alt', label: 'Alternative text' },
  ],
  embed: [{ key: 'url', label: 'Media URL', type: 'url' }],
  email_capture: [
    { key: 'title', label: 'Heading' },
    { key: 'button_label', label: 'Button label' },
    {
      key: 'consent_text',
      label: 'Consent text',
      type: 'textarea',
      hint: 'Shown beside the box visitors tick, and kept with every sign-up.',
    },
    { key: 'double_opt_in', label: 'Double opt-in: mail a confirmation link first', type: 'checkbox' },
  ],
  divider: [],
};

type Json = BlockView['data'][string];

/** One network of a social block. */
export type SocialRow = { network: string; url: string };

/** The networks the page renderer draws an icon for; any other name gets the generic link icon. */
export const KNOWN_NETWORKS = Object.keys(SOCIAL_NETWORKS);

/** Every network + URL pair of a social block's `data`, in order. */
export function socialRowsOf(data: Record<string, unknown>): SocialRow[] {
  const links: unknown[] = Array.isArray(data.links) ? data.links : [];
  return links.map((l) => {
    const row = typeof l === 'object' && l !== null ? (l as Record<string, unknown>) : {};
    return { network: String(row.network ?? ''), url: String(row.url ?? '') };
  });
}

/**
 * Form values → the block's `data`, on top of the data it had (keys the form does not show, such as
 * an image's width, are kept). Social takes its rows, every one of them.
 */
export function dataFromFields(
  type: BlockType,
  values: Record<string, string>,
  social: readonly SocialRow[] = [],
  previous: BlockView['data'] = {},
): Record<string, Json> {
  // When the block shows and, for a link, its notice (D-605, D-606): the same on every type.
  const extras = extraDataOf(values, previous, type === 'link');
  if (type === 'social')
    return {
      links: social.map((r) => ({ network: r.network.trim().toLowerCase(), url: r.url.trim() })),
      ...extras,
    };
  if (type === 'divider') return extras;
  const fields = BLOCK_FIELDS[type].map((f) => [
    f.key,
    f.type === 'checkbox' ? values[f.key] === 'true' : (values[f.key] ?? ''),
  ]);
  const photo =
    type === 'image' && (values.asset_id ?? '') !== '' && (values.url ?? '').startsWith('/_img/')
      ? { asset_id: values.asset_id ?? '' }
      : {};
  return { ...previous, ...Object.fromEntries(fields), ...photo, ...extras };
}

/** A block's `data` → form values (text fields). */
export function fieldsFromData(_type: string, data: Record<string, unknown>): Record<string, string> {
  return {
    ...Object.fromEntries(
      Object.entries(data).flatMap(([k, v]) =>
        typeof v === 'string' || typeof v === 'number'
          ? [[k, String(v)]]
          : typeof v === 'boolean'
            ? [[k, v ? 'true' : '']]
            : [],
      ),
    ),
    ...extraValuesOf(data),
  };
}

/** A one-line summary of a block for the list. */
export function blockSummary(type: string, data: Record<string, unknown>): string {
  if (type === 'social')
    return socialRowsOf(data)
      .map((r) => r.network)
      .join(', ');
  const v = fieldsFromData(type, data);
  return v.title ?? v.text ?? v.url ?? v.network ?? '';
}

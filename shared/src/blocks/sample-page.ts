import { pageSnapshotSchema, type PageSnapshot, type PageSnapshotInput } from './snapshot';

/**
 * A realistic published page: a header, a text block, social icons and `links` link blocks —
 * the page the size budget is measured on (tests, e2e, bench, demo seed).
 */
export function samplePageSnapshot(
  options: { links?: number; destination?: (i: number) => string; extra?: PageSnapshotInput['blocks'] } = {},
): PageSnapshot {
  const count = options.links ?? 20;
  const destination =
    options.destination ?? ((i: number) => `https://example.com/products/item-${i + 1}?ref=bio`);
  const links = Array.from({ length: count }, (_, i) => ({
    id: `lnk${String(i + 1).padStart(3, '0')}`,
    type: 'link' as const,
    data: { title: `Product drop #${i + 1}: limited edition print`, url: destination(i) },
  }));
  return pageSnapshotSchema.parse({
    id: '0190f0a0-0000-7000-8000-000000000001',
    workspace_id: '0190f0a0-0000-7000-8000-0000000000aa',
    handle: 'maya',
    title: 'Maya Lin — illustration & prints',
    bio: 'Illustrator in Lisbon.\nNew prints every Friday.',
    theme: {
      background: '#fdf6ec',
      text: '#1f2937',
      accent: '#b4235a',
      button_style: 'filled',
      button_shape: 'pill',
      font: 'system',
    },
    blocks: [
      { id: 'hdr001', type: 'header', data: { text: 'Shop my latest work' } },
      {
        id: 'txt001',
        type: 'text',
        data: { text: 'Every print is signed and numbered. Shipping worldwide from Portugal.' },
      },
      {
        id: 'soc001',
        type: 'social',
        data: {
          links: [
            { network: 'instagram', url: 'https://instagram.com/maya' },
            { network: 'tiktok', url: 'https://tiktok.com/@maya' },
            { network: 'youtube', url: 'https://youtube.com/@maya' },
            { network: 'x', url: 'https://x.com/maya' },
            { network: 'email', url: 'mailto:hello@example.com' },
          ],
        },
      },
      ...links,
      ...(options.extra ?? []),
    ],
  });
}

import { pageSnapshotSchema } from './snapshot';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses a stored published snapshot into a `PageSnapshot`. Accepts the flat shape
 * (`{id, handle, …, blocks}`) and the `bio_pages.published_snapshot` shape (`{page: {…}, blocks}`),
 * maps `avatar_url` to `avatar`, and drops blocks marked `is_visible: false`.
 */
export function safeParsePublishedSnapshot(value: unknown): ReturnType<typeof pageSnapshotSchema.safeParse> {
  if (!isRecord(value)) return pageSnapshotSchema.safeParse(value);
  const flat: Record<string, unknown> = isRecord(value.page)
    ? { ...value.page, blocks: value.blocks }
    : { ...value };
  if (flat.avatar === undefined && typeof flat.avatar_url === 'string' && flat.avatar_url !== '') {
    flat.avatar = { url: flat.avatar_url, alt: '' };
  }
  if (Array.isArray(flat.blocks)) {
    flat.blocks = flat.blocks.filter((b) => !(isRecord(b) && b.is_visible === false));
  }
  return pageSnapshotSchema.safeParse(flat);
}

import { themeSchema } from '@linkhub/shared/blocks/snapshot';
import { noticeOf } from '@linkhub/shared/blocks/sensitive-notice';
import type { Page } from '@linkhub/shared/schemas/pages';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import { iso, shortUrlOf } from '../../http/short-url';
import { catalogLanguageOf } from '@linkhub/shared/page-language/languages';

export type PageRecord = {
  id: string;
  workspace_id: string;
  hostname: string;
  handle: string;
  title: string;
  bio: string;
  theme: unknown;
  avatar_asset_id: string | null;
  notice: unknown;
  share_title: string;
  share_description: string;
  share_image_asset_id: string | null;
  language: string;
  share_image_path: string | null;
  api_status: Page['status'];
  published_at: Date | null;
  draft_revision: number;
  published_revision: number | null;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
};

export type BlockRecord = {
  id: string;
  type: string;
  data: Record<string, unknown>;
  position: string;
  is_visible: boolean;
};

export type V1Block = { id: string; type: string; position: string; is_visible: boolean } & Record<
  string,
  unknown
>;

/** A page row (and its draft blocks, flat as the API accepts them) as the API returns it. */
export function serializePage(
  row: PageRecord,
  blocks: readonly BlockRecord[],
  addressOf: AddressOf,
): Page & { blocks: V1Block[] } {
  const theme = themeSchema.safeParse(row.theme);
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    handle: row.handle,
    url: shortUrlOf(addressOf, row.hostname, row.handle),
    title: row.title,
    bio: row.bio === '' ? null : row.bio,
    theme: theme.success ? theme.data : themeSchema.parse({}),
    avatar: row.avatar_asset_id,
    notice: noticeOf(row.notice),
    share_title: row.share_title,
    share_description: row.share_description,
    share_image: row.share_image_asset_id,
    share_image_url: row.share_image_path === null ? null : addressOf(row.hostname, row.share_image_path),
    language: catalogLanguageOf(row.language),
    status: row.api_status,
    published_at: iso(row.published_at),
    has_unpublished_changes: row.published_revision !== row.draft_revision,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    blocks: blocks.map((b) => ({
      ...b.data,
      id: b.id,
      type: b.type,
      position: b.position,
      is_visible: b.is_visible,
    })),
  };
}

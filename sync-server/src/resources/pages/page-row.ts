import type { PageRow as BioPageRow } from '@linkhub/shared/server/db/page-row';

/** A bio page row as the page and block commands lock and read it. */
export type PageRow = Pick<
  BioPageRow,
  | 'id'
  | 'workspace_id'
  | 'domain_id'
  | 'handle'
  | 'title'
  | 'bio'
  | 'theme'
  | 'avatar_asset_id'
  | 'share_title'
  | 'share_description'
  | 'share_image_asset_id'
  | 'language'
  | 'draft_revision'
  | 'published_revision'
>;

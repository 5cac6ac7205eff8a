import type { RowOf } from './row';
import type { bioPages } from './schema/bio-pages';

/** A bio page as the sync views and the page commands read it from `bio_pages` (a command's query picks the columns it needs). */
export type PageRow = RowOf<
  typeof bioPages,
  | 'id'
  | 'workspaceId'
  | 'domainId'
  | 'handle'
  | 'title'
  | 'bio'
  | 'theme'
  | 'avatarAssetId'
  | 'notice'
  | 'shareTitle'
  | 'shareDescription'
  | 'shareImageAssetId'
  | 'language'
  | 'draftRevision'
  | 'publishedRevision'
  | 'publishedAt'
  | 'archivedAt'
  | 'locked'
  | 'updatedAt'
>;

/** A bio page row as the page and block commands lock and read it. */
export type PageRow = {
  id: string;
  workspace_id: string;
  domain_id: string;
  handle: string;
  title: string;
  bio: string;
  theme: Record<string, unknown>;
  /** The page's photo, an uploaded asset of its workspace (D-585). */
  avatar_asset_id: string | null;
  draft_revision: number;
  /** The draft revision that is live; null while unpublished. */
  published_revision: number | null;
};

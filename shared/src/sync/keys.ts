/** The Replicache key space (docs/product-rules.md#sync): one builder per entity, and the prefixes to scan them. */
export const SYNC_KEY_PREFIXES = {
  workspace: 'workspace/',
  member: 'member/',
  domain: 'domain/',
  link: 'link/',
  page: 'page/',
  block: 'block/',
  qr: 'qr/',
  notice: 'notice/',
  summary: 'summary/',
  folder: 'folder/',
} as const;

export type SyncEntity = keyof typeof SYNC_KEY_PREFIXES;

export const syncKeys = {
  workspace: (id: string) => `workspace/${id}`,
  member: (workspaceId: string, id: string) => `member/${workspaceId}/${id}`,
  domain: (id: string) => `domain/${id}`,
  link: (id: string) => `link/${id}`,
  page: (id: string) => `page/${id}`,
  block: (pageId: string, id: string) => `block/${pageId}/${id}`,
  blocksOf: (pageId: string) => `block/${pageId}/`,
  qr: (id: string) => `qr/${id}`,
  notice: (id: string) => `notice/${id}`,
  summary: (resourceId: string) => `summary/${resourceId}`,
  folder: (id: string) => `folder/${id}`,
} as const;

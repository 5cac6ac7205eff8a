import type { ReadTransaction } from 'replicache';
import type { z } from 'zod';
import { SYNC_KEY_PREFIXES, syncKeys } from '@linkhub/shared/sync/keys';
import {
  blockViewSchema,
  domainViewSchema,
  folderViewSchema,
  linkViewSchema,
  memberViewSchema,
  noticeViewSchema,
  pageViewSchema,
  qrViewSchema,
  summaryViewSchema,
  workspaceViewSchema,
  type BlockView,
  type DomainView,
  type FolderView,
  type LinkView,
  type MemberView,
  type NoticeView,
  type PageView,
  type QrView,
  type SummaryView,
  type WorkspaceView,
} from '@linkhub/shared/sync/views';

/** Reads of the client view (the keys of docs/product-rules.md#sync), each row checked against its shared schema. */
async function scan<S extends z.ZodType>(
  tx: ReadTransaction,
  prefix: string,
  schema: S,
): Promise<Array<z.infer<S>>> {
  const out: Array<z.infer<S>> = [];
  for await (const value of tx.scan({ prefix }).values()) {
    const parsed = schema.safeParse(value);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

async function one<S extends z.ZodType>(
  tx: ReadTransaction,
  key: string,
  schema: S,
): Promise<z.infer<S> | null> {
  const parsed = schema.safeParse(await tx.get(key));
  return parsed.success ? parsed.data : null;
}

export const listWorkspaces = (tx: ReadTransaction): Promise<WorkspaceView[]> =>
  scan(tx, SYNC_KEY_PREFIXES.workspace, workspaceViewSchema);
export const listLinks = async (tx: ReadTransaction, ws: string): Promise<LinkView[]> =>
  (await scan(tx, SYNC_KEY_PREFIXES.link, linkViewSchema)).filter((l) => l.workspace_id === ws);
export const getLink = (tx: ReadTransaction, id: string): Promise<LinkView | null> =>
  one(tx, syncKeys.link(id), linkViewSchema);
export const listQrCodes = async (tx: ReadTransaction, ws: string): Promise<QrView[]> =>
  (await scan(tx, SYNC_KEY_PREFIXES.qr, qrViewSchema)).filter((q) => q.workspace_id === ws);
export const listPages = async (tx: ReadTransaction, ws: string): Promise<PageView[]> =>
  (await scan(tx, SYNC_KEY_PREFIXES.page, pageViewSchema)).filter((p) => p.workspace_id === ws);
export const getPage = (tx: ReadTransaction, id: string): Promise<PageView | null> =>
  one(tx, syncKeys.page(id), pageViewSchema);
/** Blocks of a page in their fractional-index order. */
export const listBlocks = async (tx: ReadTransaction, pageId: string): Promise<BlockView[]> =>
  (await scan(tx, syncKeys.blocksOf(pageId), blockViewSchema)).sort((a, b) =>
    a.position < b.position ? -1 : a.position > b.position ? 1 : 0,
  );
/** The workspace's link folders (D-620), parents before their subfolders, each level by name. */
export const listFolders = async (tx: ReadTransaction, ws: string): Promise<FolderView[]> =>
  (await scan(tx, SYNC_KEY_PREFIXES.folder, folderViewSchema)).filter((f) => f.workspace_id === ws);
export const listDomains = async (tx: ReadTransaction, ws: string): Promise<DomainView[]> =>
  (await scan(tx, SYNC_KEY_PREFIXES.domain, domainViewSchema)).filter(
    (d) => d.workspace_id === ws || d.workspace_id === null,
  );
export const listMembers = (tx: ReadTransaction, ws: string): Promise<MemberView[]> =>
  scan(tx, `${SYNC_KEY_PREFIXES.member}${ws}/`, memberViewSchema);
export const listNotices = (tx: ReadTransaction): Promise<NoticeView[]> =>
  scan(tx, SYNC_KEY_PREFIXES.notice, noticeViewSchema);
export const listSummaries = async (
  tx: ReadTransaction,
  ws: string,
): Promise<Record<string, SummaryView>> => {
  const rows = await scan(tx, SYNC_KEY_PREFIXES.summary, summaryViewSchema);
  return Object.fromEntries(rows.filter((s) => s.workspace_id === ws).map((s) => [s.resource_id, s]));
};

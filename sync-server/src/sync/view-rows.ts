import type { Queryable } from '@linkhub/shared/server/db/sql';
import { rows } from '@linkhub/shared/server/db/sql';
import { SYNC_KEY_PREFIXES, syncKeys, type SyncEntity } from '@linkhub/shared/sync/keys';
import * as views from './views';

type Loader = (db: Queryable, ids: string[], userId: string) => Promise<Array<[string, unknown]>>;

/** One query per entity type: the rows behind the keys a pull must put, as client-view values. */
const LOADERS: Record<SyncEntity, Loader> = {
  workspace: async (db, ids, userId) =>
    (
      await rows<views.WorkspaceRow>(
        db,
        `SELECT w.*, m.role, m.is_scoped FROM workspaces w
           JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2 AND m.deleted_at IS NULL
          WHERE w.id = ANY($1::uuid[])`,
        [ids, userId],
      )
    ).map((r) => [syncKeys.workspace(r.id), views.workspaceView(r)]),
  member: async (db, ids) =>
    (
      await rows<views.MemberRow>(
        db,
        `SELECT m.id, m.workspace_id, m.user_id, m.role, m.is_scoped, u.email, u.name
           FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.id = ANY($1::uuid[])`,
        [ids],
      )
    ).map((r) => [syncKeys.member(r.workspace_id, r.id), views.memberView(r)]),
  domain: async (db, ids) =>
    (await rows<views.DomainViewRow>(db, views.DOMAIN_VIEW_SQL, [ids])).map((r) => [
      syncKeys.domain(r.id),
      views.domainView(r),
    ]),
  link: async (db, ids) =>
    (
      await rows<views.LinkRow>(
        db,
        'SELECT l.*, d.hostname AS host FROM links l JOIN custom_domains d ON d.id = l.domain_id WHERE l.id = ANY($1::uuid[])',
        [ids],
      )
    ).map((r) => [syncKeys.link(r.id), views.linkView(r)]),
  qr: async (db, ids) =>
    (
      await rows<views.QrRow>(
        db,
        'SELECT q.*, d.hostname AS host FROM qr_codes q JOIN custom_domains d ON d.id = q.domain_id WHERE q.id = ANY($1::uuid[])',
        [ids],
      )
    ).map((r) => [syncKeys.qr(r.id), views.qrView(r)]),
  page: async (db, ids) =>
    (await rows<views.PageRow>(db, 'SELECT * FROM bio_pages WHERE id = ANY($1::uuid[])', [ids])).map((r) => [
      syncKeys.page(r.id),
      views.pageView(r),
    ]),
  block: async (db, ids) =>
    (await rows<views.BlockRow>(db, 'SELECT * FROM bio_blocks WHERE id = ANY($1::uuid[])', [ids])).map(
      (r) => [syncKeys.block(r.page_id, r.id), views.blockView(r)],
    ),
  notice: async (db, ids) =>
    (await rows<views.NoticeRow>(db, 'SELECT * FROM sync_notices WHERE id = ANY($1::uuid[])', [ids])).map(
      (r) => [syncKeys.notice(r.id), views.noticeView(r)],
    ),
  folder: async (db, ids) =>
    (await rows<views.FolderRow>(db, 'SELECT * FROM link_folders WHERE id = ANY($1::uuid[])', [ids])).map(
      (r) => [syncKeys.folder(r.id), views.folderView(r)],
    ),
  summary: async (db, ids) =>
    (
      await rows<views.SummaryRow>(
        db,
        'SELECT * FROM analytics_summaries WHERE resource_id = ANY($1::uuid[])',
        [ids],
      )
    ).map((r) => [syncKeys.summary(r.resource_id), views.summaryView(r)]),
};

function entityOf(key: string): SyncEntity | undefined {
  for (const [entity, prefix] of Object.entries(SYNC_KEY_PREFIXES)) {
    if (key.startsWith(prefix)) return entity as SyncEntity; // keys of SYNC_KEY_PREFIXES are SyncEntity by construction
  }
  return undefined;
}

export async function loadViewValues(
  db: Queryable,
  keys: readonly string[],
  userId: string,
): Promise<Map<string, unknown>> {
  const idsByEntity = new Map<SyncEntity, string[]>();
  for (const key of keys) {
    const entity = entityOf(key);
    const id = key.slice(key.lastIndexOf('/') + 1);
    if (!entity) continue;
    const list = idsByEntity.get(entity) ?? [];
    list.push(id);
    idsByEntity.set(entity, list);
  }
  const values = new Map<string, unknown>();
  for (const [entity, ids] of idsByEntity) {
    for (const [key, value] of await LOADERS[entity](db, ids, userId)) values.set(key, value);
  }
  return values;
}

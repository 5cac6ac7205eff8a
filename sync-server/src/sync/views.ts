import { domainDnsRecords } from '@linkhub/shared/domains/dns-records';
import { noticeOf } from '@linkhub/shared/blocks/sensitive-notice';
import { CNAME_TARGET_SQL } from '@linkhub/shared/server/db/system-domains';
import type { PageRow } from '@linkhub/shared/server/db/page-row';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { bioBlocks } from '@linkhub/shared/server/db/schema/bio-pages';
import type { users } from '@linkhub/shared/server/db/schema/identity';
import type { linkFolders, links } from '@linkhub/shared/server/db/schema/links';
import type { qrCodes } from '@linkhub/shared/server/db/schema/qr-codes';
import type { syncNotices } from '@linkhub/shared/server/db/schema/sync';
import type { workspaceMembers, workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import type { DomainRow } from '@linkhub/shared/server/domains/domain-view';
import type {
  BlockView,
  DomainView,
  FolderView,
  LinkView,
  MemberView,
  NoticeView,
  PageView,
  QrView,
  SummaryView,
  WorkspaceView,
} from '@linkhub/shared/sync/views';
import { roleSchema } from '@linkhub/shared/sync/views';
import { readSocialPreview } from '@linkhub/shared/link-previews/social-preview';

/** Rows as pg returns them (their types the schema's, D-551), mapped once into client-view values (the one serialisation layer for sync). */
type Time = Date | string | null;

const iso = (value: Time): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;
const isoNow = (value: Time): string => iso(value) ?? new Date(0).toISOString();
const plan = (value: string): WorkspaceView['plan'] =>
  value === 'pro' || value === 'business' ? value : 'free';

/** `workspaces` with the reader's membership (view-rows.ts). */
export type WorkspaceRow = RowOf<
  typeof workspaces,
  | 'id'
  | 'name'
  | 'slug'
  | 'currentPlanKey'
  | 'billingStatus'
  | 'writesBlocked'
  | 'timeZone'
  | 'branding'
  | 'holdingPage'
  | 'updatedAt'
> &
  RowOf<typeof workspaceMembers, 'role' | 'isScoped'>;
export const workspaceView = (r: WorkspaceRow): WorkspaceView => ({
  id: r.id,
  name: r.name,
  slug: r.slug,
  plan: plan(r.current_plan_key),
  billing_status: r.billing_status,
  writes_blocked: r.writes_blocked,
  time_zone: r.time_zone,
  branding: r.branding,
  holding_page: r.holding_page,
  role: roleSchema.parse(r.role),
  is_scoped: r.is_scoped,
  updated_at: isoNow(r.updated_at),
});

export type MemberRow = RowOf<
  typeof workspaceMembers,
  'id' | 'workspaceId' | 'userId' | 'role' | 'isScoped'
> &
  RowOf<typeof users, 'email' | 'name'>;
export const memberView = (r: MemberRow): MemberView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  user_id: r.user_id,
  name: r.name,
  email: r.email,
  role: roleSchema.parse(r.role),
  is_scoped: r.is_scoped,
});

/** A domain's row as DOMAIN_VIEW_SQL reads it. */
export type DomainViewRow = DomainRow & { default_for_links: boolean };

/** A domain's row with what its view derives: whether it is the workspace's default for new links, and the CNAME target. */
export const DOMAIN_VIEW_SQL = `
SELECT d.*, COALESCE(w.default_link_domain_id = d.id, false) AS default_for_links,
       ${CNAME_TARGET_SQL} AS cname_target
FROM custom_domains d LEFT JOIN workspaces w ON w.id = d.workspace_id
WHERE d.id = ANY($1::uuid[])`;

const isoOrNull = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export const domainView = (r: DomainViewRow): DomainView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  hostname: r.hostname,
  is_system: r.is_system,
  purpose: r.purpose,
  status: r.status,
  verification:
    r.verification_record_name && r.verification_token
      ? { name: r.verification_record_name, value: r.verification_token }
      : null,
  tls_status: r.tls_status,
  last_error: r.last_error,
  records:
    r.is_system || r.cname_target === null
      ? []
      : domainDnsRecords(
          {
            hostname: r.hostname,
            verification_record_name: r.verification_record_name,
            verification_token: r.verification_token,
          },
          r.cname_target,
        ),
  verification_seen: r.verification_seen,
  last_checked_at: isoOrNull(r.last_checked_at),
  verification_lapsed_at: isoOrNull(r.verification_lapsed_at),
  tls_expires_at: isoOrNull(r.tls_expires_at),
  tls_last_error: r.tls_last_error,
  tls_next_attempt_at: isoOrNull(r.tls_next_attempt_at),
  root_handle: r.root_handle,
  not_found_url: r.not_found_url,
  root_redirect_url: r.root_redirect_url,
  expired_url: r.expired_url,
  default_for_links: r.default_for_links,
});

export type LinkRow = RowOf<
  typeof links,
  | 'id'
  | 'workspaceId'
  | 'domainId'
  | 'slug'
  | 'destinationUrl'
  | 'title'
  | 'tags'
  | 'utm'
  | 'rules'
  | 'destinations'
  | 'status'
  | 'startsAt'
  | 'expiresAt'
  | 'archivedAt'
  | 'locked'
  | 'qrCodeId'
  | 'socialPreview'
  | 'iosUrl'
  | 'androidUrl'
  | 'expiredDestinationUrl'
  | 'passwordHash'
  | 'maxClicks'
  | 'clickCount'
  | 'clickLimitReachedAt'
  | 'folderId'
  | 'note'
  | 'createdAt'
  | 'updatedAt'
> & { host: string };
export const linkView = (r: LinkRow): LinkView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  domain_id: r.domain_id,
  host: r.host,
  slug: r.slug,
  destination_url: r.destination_url,
  title: r.title,
  tags: r.tags,
  utm: r.utm,
  rules: r.rules,
  destinations: r.destinations,
  status: r.status,
  starts_at: iso(r.starts_at),
  expires_at: iso(r.expires_at),
  archived_at: iso(r.archived_at),
  locked: r.locked,
  qr_code_id: r.qr_code_id,
  social_preview: readSocialPreview(r.social_preview),
  ios_url: r.ios_url,
  android_url: r.android_url,
  expired_url: r.expired_destination_url,
  has_password: r.password_hash !== null,
  max_clicks: r.max_clicks,
  click_count: Number(r.click_count),
  click_limit_reached_at: iso(r.click_limit_reached_at),
  folder_id: r.folder_id,
  note: r.note,
  created_at: isoNow(r.created_at),
  updated_at: isoNow(r.updated_at),
});

export type FolderRow = RowOf<
  typeof linkFolders,
  'id' | 'workspaceId' | 'name' | 'parentId' | 'createdAt' | 'updatedAt'
>;
export const folderView = (r: FolderRow): FolderView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  name: r.name,
  parent_id: r.parent_id,
  created_at: isoNow(r.created_at),
  updated_at: isoNow(r.updated_at),
});

export type QrRow = RowOf<
  typeof qrCodes,
  | 'id'
  | 'workspaceId'
  | 'domainId'
  | 'slug'
  | 'title'
  | 'destinationUrl'
  | 'payload'
  | 'status'
  | 'archivedAt'
  | 'locked'
  | 'design'
  | 'designRevision'
  | 'lastGoodDestination'
  | 'createdAt'
  | 'updatedAt'
> & { host: string };
export const qrView = (r: QrRow): QrView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  domain_id: r.domain_id,
  host: r.host,
  slug: r.slug,
  title: r.title,
  destination_url: r.destination_url,
  payload: r.payload,
  status: r.status,
  archived_at: iso(r.archived_at),
  locked: r.locked,
  design: r.design,
  design_revision: r.design_revision,
  last_good_destination: r.last_good_destination,
  created_at: isoNow(r.created_at),
  updated_at: isoNow(r.updated_at),
});

export type { PageRow };
export const pageView = (r: PageRow): PageView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  domain_id: r.domain_id,
  handle: r.handle,
  title: r.title,
  bio: r.bio,
  theme: r.theme,
  avatar_asset_id: r.avatar_asset_id,
  notice: noticeOf(r.notice),
  share_title: r.share_title,
  share_description: r.share_description,
  share_image_asset_id: r.share_image_asset_id,
  language: r.language,
  draft_revision: r.draft_revision,
  published_revision: r.published_revision,
  published_at: iso(r.published_at),
  archived_at: iso(r.archived_at),
  locked: r.locked,
  updated_at: isoNow(r.updated_at),
});

export type BlockRow = RowOf<
  typeof bioBlocks,
  'id' | 'pageId' | 'workspaceId' | 'type' | 'position' | 'data' | 'isVisible' | 'updatedAt'
>;
export const blockView = (r: BlockRow): BlockView => ({
  id: r.id,
  page_id: r.page_id,
  workspace_id: r.workspace_id,
  type: r.type,
  position: r.position,
  data: r.data,
  is_visible: r.is_visible,
  updated_at: isoNow(r.updated_at),
});

export type NoticeRow = RowOf<
  typeof syncNotices,
  | 'id'
  | 'workspaceId'
  | 'mutationName'
  | 'code'
  | 'message'
  | 'details'
  | 'resourceType'
  | 'resourceId'
  | 'resourceTitle'
  | 'createdAt'
>;
export const noticeView = (r: NoticeRow): NoticeView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  mutation_name: r.mutation_name,
  code: r.code,
  message: r.message,
  details: r.details,
  resource_type: r.resource_type,
  resource_id: r.resource_id,
  resource_title: r.resource_title,
  created_at: isoNow(r.created_at),
});

/** Written out: pg returns the bigint counters as strings where the schema infers numbers (D-551). */
export type SummaryRow = {
  resource_id: string;
  resource_type: string;
  workspace_id: string;
  clicks_7d: string;
  clicks_30d: string;
  scans_7d: string;
  scans_30d: string;
  page_views_7d: string;
  page_views_30d: string;
  unique_visitors_7d: string;
  unique_visitors_30d: string;
  daily_counts: SummaryView['daily'];
  updated_at: Time;
};
export const summaryView = (r: SummaryRow): SummaryView => ({
  resource_id: r.resource_id,
  resource_type: r.resource_type,
  workspace_id: r.workspace_id,
  totals_7d: Number(r.clicks_7d) + Number(r.scans_7d) + Number(r.page_views_7d),
  totals_30d: Number(r.clicks_30d) + Number(r.scans_30d) + Number(r.page_views_30d),
  uniques_7d: Number(r.unique_visitors_7d),
  uniques_30d: Number(r.unique_visitors_30d),
  daily: r.daily_counts,
  updated_at: isoNow(r.updated_at),
});

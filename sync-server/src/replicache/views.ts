import { domainDnsRecords } from '@linkhub/shared/domains/dns-records';
import { CNAME_TARGET_SQL } from '@linkhub/shared/db/system-domains';
import type {
  BlockView,
  DomainView,
  LinkView,
  MemberView,
  NoticeView,
  PageView,
  QrView,
  SummaryView,
  WorkspaceView,
} from '@linkhub/shared/sync/views';
import { roleSchema, type JsonObject, type JsonValue } from '@linkhub/shared/sync/views';

/** Rows as pg returns them, mapped once into client-view values (the one serialisation layer for sync). */
type Json = JsonObject;
type Time = Date | string | null;

const iso = (value: Time): string | null =>
  value === null ? null : value instanceof Date ? value.toISOString() : value;
const isoNow = (value: Time): string => iso(value) ?? new Date(0).toISOString();
const plan = (value: string): WorkspaceView['plan'] =>
  value === 'pro' || value === 'business' ? value : 'free';

export type WorkspaceRow = {
  id: string;
  name: string;
  slug: string;
  current_plan_key: string;
  billing_status: string;
  writes_blocked: boolean;
  time_zone: string;
  branding: Json;
  holding_page: Json;
  role: string;
  is_scoped: boolean;
  updated_at: Time;
};
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

export type MemberRow = {
  id: string;
  workspace_id: string;
  user_id: string;
  role: string;
  is_scoped: boolean;
  email: string;
  name: string;
};
export const memberView = (r: MemberRow): MemberView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  user_id: r.user_id,
  name: r.name,
  email: r.email,
  role: roleSchema.parse(r.role),
  is_scoped: r.is_scoped,
});

export type DomainRow = {
  id: string;
  workspace_id: string | null;
  hostname: string;
  is_system: boolean;
  purpose: string;
  status: string;
  verification_record_name: string | null;
  verification_token: string | null;
  tls_status: string;
  last_error: string | null;
  verification_seen: string | null;
  last_checked_at: Date | null;
  verification_lapsed_at: Date | null;
  tls_expires_at: Date | null;
  tls_last_error: string | null;
  tls_next_attempt_at: Date | null;
  root_handle: string | null;
  not_found_url: string | null;
  default_for_links: boolean;
  /** The system link host: a custom domain may CNAME to it. */
  cname_target: string | null;
};

/** A domain's row with what its view derives: whether it is the workspace's default for new links, and the CNAME target. */
export const DOMAIN_VIEW_SQL = `
SELECT d.*, COALESCE(w.default_link_domain_id = d.id, false) AS default_for_links,
       ${CNAME_TARGET_SQL} AS cname_target
FROM custom_domains d LEFT JOIN workspaces w ON w.id = d.workspace_id
WHERE d.id = ANY($1::uuid[])`;

const isoOrNull = (value: Date | null): string | null => (value === null ? null : value.toISOString());

export const domainView = (r: DomainRow): DomainView => ({
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
  default_for_links: r.default_for_links,
});

export type LinkRow = {
  id: string;
  workspace_id: string;
  domain_id: string;
  host: string;
  slug: string;
  destination_url: string;
  title: string | null;
  tags: string[];
  utm: Json;
  rules: JsonValue[];
  destinations: JsonValue[];
  status: 'active' | 'paused';
  starts_at: Time;
  expires_at: Time;
  archived_at: Time;
  locked: boolean;
  qr_code_id: string | null;
  created_at: Time;
  updated_at: Time;
};
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
  created_at: isoNow(r.created_at),
  updated_at: isoNow(r.updated_at),
});

export type QrRow = {
  id: string;
  workspace_id: string;
  domain_id: string;
  host: string;
  slug: string;
  title: string | null;
  destination_url: string | null;
  status: 'active' | 'paused';
  archived_at: Time;
  locked: boolean;
  design: Json;
  design_revision: number;
  last_good_destination: string | null;
  created_at: Time;
  updated_at: Time;
};
export const qrView = (r: QrRow): QrView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  domain_id: r.domain_id,
  host: r.host,
  slug: r.slug,
  title: r.title,
  destination_url: r.destination_url,
  status: r.status,
  archived_at: iso(r.archived_at),
  locked: r.locked,
  design: r.design,
  design_revision: r.design_revision,
  last_good_destination: r.last_good_destination,
  created_at: isoNow(r.created_at),
  updated_at: isoNow(r.updated_at),
});

export type PageRow = {
  id: string;
  workspace_id: string;
  domain_id: string;
  handle: string;
  title: string;
  bio: string;
  theme: Json;
  avatar_asset_id: string | null;
  draft_revision: number;
  published_revision: number | null;
  published_at: Time;
  archived_at: Time;
  locked: boolean;
  updated_at: Time;
};
export const pageView = (r: PageRow): PageView => ({
  id: r.id,
  workspace_id: r.workspace_id,
  domain_id: r.domain_id,
  handle: r.handle,
  title: r.title,
  bio: r.bio,
  theme: r.theme,
  avatar_asset_id: r.avatar_asset_id,
  draft_revision: r.draft_revision,
  published_revision: r.published_revision,
  published_at: iso(r.published_at),
  archived_at: iso(r.archived_at),
  locked: r.locked,
  updated_at: isoNow(r.updated_at),
});

export type BlockRow = {
  id: string;
  page_id: string;
  workspace_id: string;
  type: string;
  position: string;
  data: Json;
  is_visible: boolean;
  updated_at: Time;
};
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

export type NoticeRow = {
  id: string;
  workspace_id: string | null;
  mutation_name: string;
  code: string;
  message: string;
  details: JsonValue[];
  resource_type: string | null;
  resource_id: string | null;
  resource_title: string | null;
  created_at: Time;
};
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

import { z } from 'zod';
import { roleSchema } from '../schemas/members';
import { PLAN_KEYS } from '../entitlements/plans';
import { socialPreviewSchema } from '../link-previews/social-preview';
import { sensitiveNoticeSchema } from '../blocks/sensitive-notice';

/**
 * The client view (docs/product-rules.md#sync): what a pull puts under each key. snake_case like the REST API, so one
 * serialisation layer maps rows for both doors. Timestamps are ISO strings.
 */
const isoTime = z.string();
const nullableTime = isoTime.nullable();
const jsonObject = z.record(z.string(), z.json());
export type JsonValue = z.infer<ReturnType<typeof z.json>>;
export type JsonObject = Record<string, JsonValue>;

export { roleSchema } from '../schemas/members';

export const workspaceViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan: z.enum(PLAN_KEYS),
  billing_status: z.string(),
  writes_blocked: z.boolean(),
  time_zone: z.string(),
  branding: jsonObject,
  holding_page: jsonObject,
  role: roleSchema,
  is_scoped: z.boolean(),
  updated_at: isoTime,
});
export type WorkspaceView = z.infer<typeof workspaceViewSchema>;

export const memberViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  is_scoped: z.boolean(),
});
export type MemberView = z.infer<typeof memberViewSchema>;

export const domainViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string().nullable(),
  hostname: z.string(),
  is_system: z.boolean(),
  purpose: z.string(),
  status: z.string(),
  /** The DNS TXT record that proves control (custom domains); null for system hosts and before the first pull. */
  verification: z.object({ name: z.string(), value: z.string() }).nullable().default(null),
  tls_status: z.string().default('none'),
  /** Why the last DNS check failed, in words. */
  last_error: z.string().nullable().default(null),
  /** The records that prove control (either one): the TXT token, or a CNAME of the host to the link host. */
  records: z
    .array(z.object({ type: z.enum(['TXT', 'CNAME']), name: z.string(), value: z.string() }))
    .default([]),
  /** What the last DNS check saw, in words. */
  verification_seen: z.string().nullable().default(null),
  last_checked_at: z.string().nullable().default(null),
  /** Since when a verified domain's re-check fails (it keeps serving); null when it verifies. */
  verification_lapsed_at: z.string().nullable().default(null),
  tls_expires_at: z.string().nullable().default(null),
  tls_last_error: z.string().nullable().default(null),
  tls_next_attempt_at: z.string().nullable().default(null),
  root_handle: z.string().nullable().default(null),
  not_found_url: z.string().nullable().default(null),
  /** The root redirects here instead of showing a bio page; the default for expired links (D-617, D-616). */
  root_redirect_url: z.string().nullable().default(null),
  expired_url: z.string().nullable().default(null),
  /** The editor makes new links on this domain. */
  default_for_links: z.boolean().default(false),
});
export type DomainView = z.infer<typeof domainViewSchema>;

export const linkViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  domain_id: z.string(),
  host: z.string(),
  slug: z.string(),
  destination_url: z.string(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  utm: jsonObject,
  rules: z.array(z.json()),
  destinations: z.array(z.json()),
  status: z.enum(['active', 'paused']),
  starts_at: nullableTime,
  expires_at: nullableTime,
  archived_at: nullableTime,
  locked: z.boolean(),
  qr_code_id: z.string().nullable(),
  /** D-625; absent in a view synced before them. */
  social_preview: socialPreviewSchema.nullable().default(null),
  ios_url: z.string().nullable().default(null),
  android_url: z.string().nullable().default(null),
  // Access controls (D-615, D-616): whether a password is set, never the password or its hash.
  expired_url: z.string().nullable().default(null),
  has_password: z.boolean().default(false),
  max_clicks: z.number().nullable().default(null),
  click_count: z.number().default(0),
  click_limit_reached_at: nullableTime.default(null),
  /** Its folder and private note (D-620, D-621); absent in views stored before they existed. */
  folder_id: z.string().nullable().default(null),
  note: z.string().nullable().default(null),
  created_at: isoTime,
  updated_at: isoTime,
});
export type LinkView = z.infer<typeof linkViewSchema>;

/** A link folder (D-620): `folder/{id}`, seen by whoever may see the folder (D-622). */
export const folderViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type FolderView = z.infer<typeof folderViewSchema>;

export const qrViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  domain_id: z.string(),
  host: z.string(),
  slug: z.string(),
  title: z.string().nullable(),
  destination_url: z.string().nullable(),
  /** NULL: a URL code; else its payload (D-570, qr/payload/schema.ts). */
  payload: jsonObject.nullable().default(null),
  status: z.enum(['active', 'paused']),
  archived_at: nullableTime,
  locked: z.boolean(),
  design: jsonObject,
  design_revision: z.number(),
  last_good_destination: z.string().nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type QrView = z.infer<typeof qrViewSchema>;

export const pageViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  domain_id: z.string(),
  handle: z.string(),
  title: z.string(),
  bio: z.string(),
  theme: jsonObject,
  /** The page's photo (an uploaded asset); absent in views stored before it existed. */
  avatar_asset_id: z.string().nullable().default(null),
  /** The sensitive-content notice in front of the page (D-606), or null. */
  notice: sensitiveNoticeSchema.nullable().default(null),
  /** Link previews and language (D-600, D-602); absent in views stored before them. */
  share_title: z.string().default(''),
  share_description: z.string().default(''),
  share_image_asset_id: z.string().nullable().default(null),
  language: z.string().default('en'),
  draft_revision: z.number(),
  published_revision: z.number().nullable(),
  published_at: nullableTime,
  archived_at: nullableTime,
  locked: z.boolean(),
  updated_at: isoTime,
});
export type PageView = z.infer<typeof pageViewSchema>;

export const blockViewSchema = z.object({
  id: z.string(),
  page_id: z.string(),
  workspace_id: z.string(),
  type: z.string(),
  position: z.string(),
  data: jsonObject,
  is_visible: z.boolean(),
  updated_at: isoTime,
});
export type BlockView = z.infer<typeof blockViewSchema>;

export const noticeViewSchema = z.object({
  id: z.string(),
  workspace_id: z.string().nullable(),
  mutation_name: z.string(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.json()),
  resource_type: z.string().nullable(),
  resource_id: z.string().nullable(),
  resource_title: z.string().nullable(),
  created_at: isoTime,
});
export type NoticeView = z.infer<typeof noticeViewSchema>;

export const summaryViewSchema = z.object({
  resource_id: z.string(),
  resource_type: z.string(),
  workspace_id: z.string(),
  totals_7d: z.number(),
  totals_30d: z.number(),
  uniques_7d: z.number(),
  uniques_30d: z.number(),
  daily: z.array(z.object({ day: z.string(), count: z.number() })),
  updated_at: isoTime,
});
export type SummaryView = z.infer<typeof summaryViewSchema>;

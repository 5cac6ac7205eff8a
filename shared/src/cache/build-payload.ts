import { v5 as uuidv5, validate as isUuid } from 'uuid';
import { z } from 'zod';
import {
  PAYLOAD_SCHEMA_VERSION,
  brandingSchema,
  experimentSchema,
  redirectPayloadSchema,
  targetingRuleSchema,
  utmFields,
  utmSchema,
  weightedDestinationSchema,
  type Branding,
  type DomainRoute,
  type LinkAccess,
  type RedirectPayload,
} from './payload';
import { isHostedPayload, storedPayload } from '../qr/payload/schema';
import { readSocialPreview } from '../link-previews/social-preview';
import { isAllowedAppUrl } from '../link-previews/app-urls';

/**
 * Builds the redirect payload from plain row objects (node-postgres rows, drizzle rows or `to_jsonb`
 * output alike: timestamps may be Date or string, bigints number or string). The one builder, used
 * by the edge's miss path, the sync commands' write-through and the worker's cache-refresh job, so
 * all of them write identical payloads.
 */

const timestamp = z
  .union([z.date(), z.string(), z.null(), z.undefined()])
  .transform((v) => (v == null ? null : new Date(v).toISOString()));
const version = z.union([z.number(), z.string()]).transform((v) => Number(v));

export const workspaceRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  time_zone: z.string().default('UTC'),
  holding_page: z.unknown().optional(),
  deleted_at: timestamp,
  row_version: version.default(1),
});
export const linkRowSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  slug: z.string(),
  destination_url: z.string(),
  utm: z.unknown().optional(),
  rules: z.unknown().optional(),
  destinations: z.unknown().optional(),
  status: z.string(),
  starts_at: timestamp,
  expires_at: timestamp,
  expired_destination_url: z.string().nullish(),
  password_hash: z.string().nullish(),
  max_clicks: z.number().int().nullish(),
  click_count: version.optional(),
  archived_at: timestamp,
  deleted_at: timestamp,
  locked: z.boolean().default(false),
  row_version: version.default(1),
  social_preview: z.unknown().optional(),
  ios_url: z.string().nullish(),
  android_url: z.string().nullish(),
});
export const qrRowSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  slug: z.string(),
  destination_url: z.string().nullish(),
  link_id: z.string().nullish(),
  status: z.string(),
  starts_at: timestamp,
  expires_at: timestamp,
  archived_at: timestamp,
  deleted_at: timestamp,
  locked: z.boolean().default(false),
  last_good_destination: z.string().nullish(),
  /** NULL for a URL code (D-570). */
  payload: z.unknown().optional(),
  row_version: version.default(1),
});
export const experimentRowSchema = z.object({
  id: z.string(),
  status: z.string(),
  variants: z.array(z.object({ id: z.string(), weight: z.number(), destination_url: z.string().nullish() })),
  arm: z.number().int().min(1).optional(),
  click_id: z.boolean().optional(),
});

export type WorkspaceRow = z.input<typeof workspaceRowSchema>;
export type LinkRow = z.input<typeof linkRowSchema>;
export type QrRow = z.input<typeof qrRowSchema>;
export type ExperimentRow = z.input<typeof experimentRowSchema>;

export type RedirectRows = {
  /** Canonical host and slug the payload is stored under. */
  host: string;
  slug: string;
  workspace: WorkspaceRow;
  /** The QR code at (domain, slug), if any: it wins over a link with the same slug (its pinned link). */
  qr: QrRow | null;
  /** The link at (domain, slug), or the QR's pinned link. */
  link: LinkRow | null;
  /** The link's running experiment with its variants, if any. */
  experiment: ExperimentRow | null;
};

/** A jsonb array parsed item by item: an invalid element is dropped, never fatal for the whole link. */
function parseList<T>(value: unknown, schema: z.ZodType<T>): T[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * Rules and split entries stored without an id (or, for a split, without a UUID id, which analytics
 * would dead-letter) predate ids being assigned on write: each gets an id derived from the link and
 * its position, stable across rebuilds, instead of being dropped by `parseList`.
 */
function withStoredIds(value: unknown, linkId: string, kind: 'rule' | 'split'): unknown {
  if (!Array.isArray(value) || !isUuid(linkId)) return value;
  return value.map((item: unknown, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return item;
    const id: unknown = 'id' in item ? item.id : undefined;
    const usable =
      kind === 'split' ? typeof id === 'string' && isUuid(id) : typeof id === 'string' && id !== '';
    return usable ? item : { ...item, id: uuidv5(`${kind}:${index}`, linkId) };
  });
}

function parseUtm(value: unknown): RedirectPayload['utm'] {
  const record = z.record(z.string(), z.unknown()).safeParse(value ?? {});
  if (!record.success) return {};
  const utm: RedirectPayload['utm'] = {};
  for (const field of utmFields) {
    const v = record.data[field];
    if (typeof v === 'string' && v.trim() !== '') utm[field] = v.trim();
  }
  return utmSchema.parse(utm);
}

export function brandingFrom(workspace: { name: string; holding_page?: unknown }): Branding {
  const page = z.record(z.string(), z.unknown()).safeParse(workspace.holding_page ?? {});
  const field = (key: string): string | null => {
    const value = page.success ? page.data[key] : undefined;
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return brandingSchema.parse({
    workspace_name: workspace.name,
    title: field('title'),
    message: field('message'),
    logo_url: field('logo_url'),
    background: field('background'),
    foreground: field('foreground'),
    link_url: field('link_url'),
  });
}

function stateOf(row: {
  status: string;
  archived_at: string | null;
  deleted_at: string | null;
}): RedirectPayload['status'] {
  if (row.archived_at !== null || row.deleted_at !== null) return 'archived';
  return row.status === 'paused' ? 'paused' : 'active';
}

function isLiveAt(
  payload: Pick<RedirectPayload, 'status' | 'locked' | 'workspace_active' | 'starts_at' | 'expires_at'>,
  now: Date,
): boolean {
  const t = now.getTime();
  return (
    payload.status === 'active' &&
    !payload.locked &&
    payload.workspace_active &&
    (payload.starts_at === null || Date.parse(payload.starts_at) <= t) &&
    (payload.expires_at === null || Date.parse(payload.expires_at) > t)
  );
}

export class NothingToBuildError extends Error {
  override readonly name = 'NothingToBuildError';
  constructor(host: string, slug: string) {
    super(`no link or QR code at ${host}/${slug}`);
  }
}

export function buildRedirectPayload(rows: RedirectRows, now: Date = new Date()): RedirectPayload {
  const workspace = workspaceRowSchema.parse(rows.workspace);
  const qr = rows.qr ? qrRowSchema.parse(rows.qr) : null;
  const link = rows.link ? linkRowSchema.parse(rows.link) : null;
  const experimentRow = rows.experiment ? experimentRowSchema.parse(rows.experiment) : null;
  if (!qr && !link) throw new NothingToBuildError(rows.host, rows.slug);

  const experimentParsed =
    experimentRow && experimentRow.status === 'running'
      ? experimentSchema.safeParse({
          id: experimentRow.id,
          ...(experimentRow.arm === undefined ? {} : { arm: experimentRow.arm }),
          ...(experimentRow.click_id === true ? { click_id: true } : {}),
          variants: experimentRow.variants.flatMap((v) =>
            v.destination_url
              ? [{ id: v.id, url: v.destination_url, weight: Math.max(0, Math.trunc(v.weight)) }]
              : [],
          ),
        })
      : null;
  const experiment = experimentParsed?.success ? experimentParsed.data : null;
  const workspaceActive = workspace.deleted_at === null;
  // The link's routing (rules, split, UTMs, experiment) applies to a plain link and to a QR pinned to it.
  // One A/B concept per link (D-515): a running test decides alone, so its payload carries no split
  // (the commands never let both exist; a row written before them still serves one decision).
  const routing = {
    utm: parseUtm(link?.utm),
    rules: link ? parseList(withStoredIds(link.rules, link.id, 'rule'), targetingRuleSchema) : [],
    destinations:
      link && experiment === null
        ? parseList(withStoredIds(link.destinations, link.id, 'split'), weightedDestinationSchema)
        : [],
    experiment,
  };

  const base = {
    v: PAYLOAD_SCHEMA_VERSION,
    workspace_id: workspace.id,
    host: rows.host,
    slug: rows.slug,
    workspace_active: workspaceActive,
    branding: workspaceActive ? brandingFrom(workspace) : null,
    time_zone: workspace.time_zone,
  } as const;

  if (qr) {
    const candidate = {
      ...base,
      ...routing,
      revision: qr.row_version + (link?.row_version ?? 0) + workspace.row_version,
      resource_type: 'qr_code' as const,
      resource_id: qr.id,
      is_qr: true,
      status: stateOf(qr),
      starts_at: qr.starts_at,
      expires_at: qr.expires_at,
      expired_url: null,
      locked: qr.locked,
      destination_url: qr.destination_url ?? link?.destination_url ?? null,
      last_good_destination: qr.last_good_destination ?? null,
    };
    const carried = storedPayload(qr.payload);
    const hosted = isHostedPayload(carried) ? { hosted: carried } : {};
    // Built while live, the current destination is the last good one.
    const lastGood =
      candidate.last_good_destination ?? (isLiveAt(candidate, now) ? candidate.destination_url : null);
    return redirectPayloadSchema.parse({ ...candidate, ...hosted, last_good_destination: lastGood });
  }

  const plain = link ?? null;
  if (!plain) throw new NothingToBuildError(rows.host, rows.slug);
  const access = linkAccessOf(plain);
  const workspaceExpiredUrl = plain.expired_destination_url ? null : workspaceExpiredUrlOf(workspace);
  return redirectPayloadSchema.parse({
    ...linkPreviewParts(plain),
    ...(access === null ? {} : { access }),
    ...(workspaceExpiredUrl === null ? {} : { workspace_expired_url: workspaceExpiredUrl }),
    ...base,
    ...routing,
    revision: plain.row_version + workspace.row_version,
    resource_type: 'link',
    resource_id: plain.id,
    is_qr: false,
    status: stateOf(plain),
    starts_at: plain.starts_at,
    expires_at: plain.expires_at,
    expired_url: plain.expired_destination_url ?? null,
    locked: plain.locked,
    destination_url: plain.destination_url,
    last_good_destination: null,
  });
}

/** A plain link's card and app links (D-625): keys only when set (an absent key is the hit path's "none"). */
function linkPreviewParts(
  link: z.output<typeof linkRowSchema>,
): Pick<RedirectPayload, 'social_preview' | 'app_urls'> {
  const preview = readSocialPreview(link.social_preview);
  // Re-checked here too: a stored value the allow-list no longer takes is never served.
  const ios = link.ios_url != null && isAllowedAppUrl(link.ios_url) ? link.ios_url : null;
  const android = link.android_url != null && isAllowedAppUrl(link.android_url) ? link.android_url : null;
  return {
    ...(preview === null ? {} : { social_preview: preview }),
    ...(ios === null && android === null ? {} : { app_urls: { ios, android } }),
  };
}

/** The workspace's default for its ended links, kept with its holding page settings (D-616). */
function workspaceExpiredUrlOf(workspace: { holding_page?: unknown }): string | null {
  const page = z.record(z.string(), z.unknown()).safeParse(workspace.holding_page ?? {});
  const value = page.success ? page.data.expired_url : undefined;
  return typeof value === 'string' && value !== '' ? value : null;
}

/** A plain link's access controls for its payload (D-615, D-616); null when it has none. */
function linkAccessOf(link: z.infer<typeof linkRowSchema>): LinkAccess | null {
  const access: LinkAccess = {};
  if (link.password_hash) access.password_hash = link.password_hash;
  if (link.max_clicks !== null && link.max_clicks !== undefined && link.max_clicks > 0) {
    access.max_clicks = link.max_clicks;
    access.click_count = Math.max(0, link.click_count ?? 0);
  }
  return Object.keys(access).length === 0 ? null : access;
}

export const domainRowSchema = z.object({
  id: z.string(),
  workspace_id: z.string().nullable(),
  is_system: z.boolean(),
  purpose: z.enum(['links', 'bio', 'all']),
  not_found_url: z.string().nullish(),
  root_redirect_url: z.string().nullish(),
  expired_url: z.string().nullish(),
});
export type DomainCacheRow = z.input<typeof domainRowSchema>;

/** `dom:host:{host}` value from a custom_domains row (and its workspace, for the branded 404). */
export function buildDomainRoute(
  domain: DomainCacheRow,
  workspace: { name: string; holding_page?: unknown } | null,
): DomainRoute {
  const row = domainRowSchema.parse(domain);
  return {
    v: PAYLOAD_SCHEMA_VERSION,
    domain_id: row.id,
    workspace_id: row.workspace_id,
    is_system: row.is_system,
    purpose: row.purpose,
    root_handle: null,
    branding: workspace ? brandingFrom(workspace) : null,
    ...(row.not_found_url ? { not_found_url: row.not_found_url } : {}),
    ...(row.root_redirect_url ? { root_redirect_url: row.root_redirect_url } : {}),
    ...(row.expired_url ? { expired_url: row.expired_url } : {}),
  };
}

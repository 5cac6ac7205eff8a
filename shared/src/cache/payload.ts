import { z } from 'zod';
import { normalizeUrl } from '../url/normalize-url';
import { eventPayloadSchema, vcardPayloadSchema } from '../qr/payload/schema';
import { socialPreviewSchema } from '../link-previews/social-preview';

/**
 * The redirect payload: everything the edge needs to answer `{host}/{slug}` without PostgreSQL,
 * stored as JSON at `rd:{host}:{slug}` (keys.ts). Built only by `buildRedirectPayload` (build-payload.ts)
 * so the edge's miss path and the sync commands' write-through produce byte-identical payloads.
 *
 * `revision` grows with every change of the resource (its row version); a writer never replaces a
 * newer revision with an older one.
 */
export const PAYLOAD_SCHEMA_VERSION = 1;

export const deviceTypes = ['mobile', 'tablet', 'desktop', 'other'] as const;
export const deviceTypeSchema = z.enum(deviceTypes);
export type DeviceType = z.infer<typeof deviceTypeSchema>;

/**
 * A destination as the edge may put it in a Location header: legacy rows stored before the door
 * normalised (ARCHITECTURE.md#rules-that-hold-at-every-door) are encoded here, when the payload is built or read from the cache, so no
 * byte Node refuses in a header ever reaches one. A value that is not an absolute URL stays as it
 * is (it can never be redirected to: resolve/safe-url.ts). The bound covers a 4096-character
 * legacy value once percent-encoded.
 */
const urlString = z
  .string()
  .min(1)
  .max(4096 * 9)
  .transform((value) => normalizeUrl(value) ?? value);

/** A targeting condition (docs/product-rules.md#the-redirect): which visits a rule applies to. */
export const ruleConditionSchema = z.discriminatedUnion('kind', [
  /** ISO 3166-1 alpha-2 country codes, upper-case. */
  z.object({ kind: z.literal('country'), values: z.array(z.string().length(2)).min(1) }),
  /** ISO 3166-2 subdivisions as `CC-SUB` (e.g. `US-CA`). */
  z.object({ kind: z.literal('region'), values: z.array(z.string().min(3).max(10)).min(1) }),
  z.object({ kind: z.literal('device'), values: z.array(deviceTypeSchema).min(1) }),
  /** OS families as ua-parser names (`iOS`, `Android`, `Windows`, `macOS`, `Linux`…), case-insensitive. */
  z.object({ kind: z.literal('os'), values: z.array(z.string().min(1)).min(1) }),
  /** BCP 47 language ranges; `fr` matches `fr-CA`. Matched against the visitor's preferred language. */
  z.object({ kind: z.literal('language'), values: z.array(z.string().min(2).max(35)).min(1) }),
  /**
   * A daily time window in the workspace's time zone, `from` inclusive, `to` exclusive, `HH:MM`;
   * `to` before `from` spans midnight. `days` are ISO weekdays (1 = Monday … 7 = Sunday); absent = every day.
   */
  z.object({
    kind: z.literal('time_window'),
    from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
    to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/),
    days: z.array(z.number().int().min(1).max(7)).min(1).optional(),
  }),
  /** Referrer hosts; `t.co` matches `t.co` and any subdomain of it. */
  z.object({ kind: z.literal('referrer'), values: z.array(z.string().min(1)).min(1) }),
]);
export type RuleCondition = z.infer<typeof ruleConditionSchema>;
export type RuleKind = RuleCondition['kind'];

/** A targeting rule: when every condition matches, the visit goes to `destination_url`. First match wins. */
export const targetingRuleSchema = z.object({
  id: z.string().min(1),
  conditions: z.array(ruleConditionSchema).min(1),
  destination_url: urlString,
});
export type TargetingRule = z.infer<typeof targetingRuleSchema>;

export const weightedDestinationSchema = z.object({
  id: z.string().min(1),
  url: urlString,
  weight: z.number().int().min(0),
});
export type WeightedDestination = z.infer<typeof weightedDestinationSchema>;

/** A running experiment on the resource: the visitor is assigned a variant from the visitor hash. */
export const experimentSchema = z.object({
  id: z.string().min(1),
  variants: z.array(weightedDestinationSchema).min(1),
  /** The arm period: a change of variants or weights after the start begins a new one. */
  arm: z.int().min(1).optional(),
  /** Append `lh_click=<click id>` to the destination (a conversion goal, experiments/click-id.ts). */
  click_id: z.boolean().optional(),
});
export type Experiment = z.infer<typeof experimentSchema>;

/** UTM parameters of a link, stored without the `utm_` prefix (as in `links.utm`). */
export const utmFields = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export const utmSchema = z.object({
  source: z.string().min(1).optional(),
  medium: z.string().min(1).optional(),
  campaign: z.string().min(1).optional(),
  term: z.string().min(1).optional(),
  content: z.string().min(1).optional(),
});
export type Utm = z.infer<typeof utmSchema>;

/**
 * What the workspace's branded holding page (QR rung 3) and branded 404 show: the workspace name and
 * its `workspaces.holding_page` settings. Colours are re-validated when rendered.
 */
export const brandingSchema = z.object({
  workspace_name: z.string().min(1),
  title: z.string().nullable(),
  message: z.string().nullable(),
  logo_url: z.string().nullable(),
  background: z.string().nullable(),
  foreground: z.string().nullable(),
  link_url: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

export const resourceStatuses = ['active', 'paused', 'archived'] as const;

export const linkAccessSchema = z.object({
  /** scrypt, `scrypt$log2N$r$p$salt$hash`: the edge's password page checks a typed password against it. */
  password_hash: z.string().min(1).optional(),
  /** The link ends after this many admitted visits, counted in Redis across every edge. */
  max_clicks: z.number().int().min(1).optional(),
  /** The persisted count when the payload was built: the counter's seed when Redis has none. */
  click_count: z.number().int().min(0).optional(),
});
export type LinkAccess = z.infer<typeof linkAccessSchema>;

export const redirectPayloadSchema = z.object({
  v: z.literal(PAYLOAD_SCHEMA_VERSION),
  revision: z.number().int().min(0),
  workspace_id: z.string().min(1),
  resource_type: z.enum(['link', 'qr_code']),
  resource_id: z.string().min(1),
  /** QR-backed slug: the four-rung fallback chain applies, the key is never deleted or negatively cached. */
  is_qr: z.boolean(),
  host: z.string().min(1),
  slug: z.string().min(1),
  status: z.enum(resourceStatuses),
  starts_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  /** Plain links only: where an expired link sends visitors instead of the branded page. */
  expired_url: urlString.nullable(),
  /** Locked by a plan downgrade (resource_locked). */
  locked: z.boolean(),
  /** False once the workspace is deleted, suspended or otherwise not serving. */
  workspace_active: z.boolean(),
  destination_url: urlString.nullable(),
  destinations: z.array(weightedDestinationSchema),
  rules: z.array(targetingRuleSchema),
  experiment: experimentSchema.nullable(),
  utm: utmSchema,
  /** The last destination that was live (QR rung 2). */
  last_good_destination: urlString.nullable(),
  branding: brandingSchema.nullable(),
  /** IANA zone of the workspace, for time-window rules (and an event code's times without their own). */
  time_zone: z.string().min(1),
  /** A vCard or event QR code (D-570): while live, the edge answers its hosted page, not a redirect. */
  hosted: z.discriminatedUnion('type', [vcardPayloadSchema, eventPayloadSchema]).optional(),
  /**
   * Plain links only (D-625), each present only when set, so a link without them costs the hit path
   * one property read: the card social crawlers get instead of the redirect, and the app links an
   * iPhone / Android visitor's deep-link page opens.
   */
  social_preview: socialPreviewSchema.optional(),
  app_urls: z.object({ ios: z.string().nullable(), android: z.string().nullable() }).optional(),
  /**
   * A plain link's access controls (D-615, D-616), absent when it has none, so a link without them
   * costs the hit path one property check. Never on a QR code's payload (docs/product-rules.md#permanence).
   */
  access: linkAccessSchema.optional(),
  /** A plain link's last resort once ended, after its own and its domain's `expired_url` (D-616). */
  workspace_expired_url: urlString.optional(),
});
export type RedirectPayload = z.infer<typeof redirectPayloadSchema>;

/** Parses a cached JSON string; null when it is not a payload of this schema version (treated as a miss). */
export function parseRedirectPayload(raw: string): RedirectPayload | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = redirectPayloadSchema.safeParse(json);
  return result.success ? result.data : null;
}

export function serializeRedirectPayload(payload: RedirectPayload): string {
  return JSON.stringify(redirectPayloadSchema.parse(payload));
}

/** `dom:host:{host}`: what a host serves and for whom (system hosts have no workspace). */
export const domainRouteSchema = z.object({
  v: z.literal(PAYLOAD_SCHEMA_VERSION),
  domain_id: z.string().min(1),
  workspace_id: z.string().min(1).nullable(),
  is_system: z.boolean(),
  /** As `custom_domains.purpose`: `links` (short links and QR codes), `bio` (bio pages by handle), `all` (both; root = bio page). */
  purpose: z.enum(['links', 'bio', 'all']),
  /** Custom-domain root: the bio page handle served at `/`. */
  root_handle: z.string().nullable(),
  branding: brandingSchema.nullable(),
  // The domain's own answers, present only when set (D-617, D-616): a slug it does not hold, its root, its ended links.
  not_found_url: urlString.optional(),
  root_redirect_url: urlString.optional(),
  expired_url: urlString.optional(),
});
export type DomainRoute = z.infer<typeof domainRouteSchema>;

export function parseDomainRoute(raw: string): DomainRoute | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = domainRouteSchema.safeParse(json);
  return result.success ? result.data : null;
}

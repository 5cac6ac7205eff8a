import { z } from 'zod';
import {
  hostnameSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  readableText,
  slugSchema,
  tagsSchema,
  titleSchema,
  urlSchema,
  uuidSchema,
} from './common';
import {
  splitDestinationOutputSchema,
  splitDestinationsSchema,
  targetingRuleOutputSchema,
  targetingRulesSchema,
} from './targeting';
import { appUrlSchema } from '../link-previews/app-urls';
import { socialPreviewInputSchema, socialPreviewSchema } from '../link-previews/social-preview';

export { SLUG_PATTERN } from './common';

const utmValue = readableText(200).min(1);

/** UTM parameters without the `utm_` prefix (as stored in `links.utm`), merged into the destination. */
export const utmInputSchema = z.strictObject({
  source: utmValue.optional(),
  medium: utmValue.optional(),
  campaign: utmValue.optional(),
  term: utmValue.optional(),
  content: utmValue.optional(),
});
export type UtmInput = z.infer<typeof utmInputSchema>;

type Schedule = { starts_at?: string | null; expires_at?: string | null };

function scheduleInOrder(value: Schedule): boolean {
  if (value.starts_at === undefined || value.starts_at === null) return true;
  if (value.expires_at === undefined || value.expires_at === null) return true;
  return Date.parse(value.starts_at) < Date.parse(value.expires_at);
}

const scheduleRefinement = {
  message: 'The expiry must be after the start.',
  path: ['expires_at'],
  params: { issue: 'expires_before_start' },
};

/** The start-before-expiry rule, for every schema that takes a schedule (REST and the link mutators). */
export function withScheduleInOrder<T extends z.ZodType<Schedule>>(schema: T): T {
  return schema.refine(scheduleInOrder, scheduleRefinement);
}

/**
 * A link's writable fields, one schema each: the REST bodies below and the link mutators
 * (`mutators/links.ts`) are built from these, so both doors accept exactly the same values.
 */
export const linkFieldSchemas = {
  destination_url: urlSchema,
  slug: slugSchema,
  domain_id: uuidSchema,
  title: titleSchema,
  tags: tagsSchema,
  utm: utmInputSchema,
  starts_at: isoDateTimeSchema.nullable(),
  expires_at: isoDateTimeSchema.nullable(),
  /** Where an expired link sends visitors (instead of the branded page). */
  expired_url: urlSchema.nullable(),
  rules: targetingRulesSchema,
  destinations: splitDestinationsSchema,
  /** The card social crawlers are served (D-625); null removes it. */
  social_preview: socialPreviewInputSchema.nullable(),
  /** App links the deep-link page opens on an iPhone / on Android (D-625); null removes one. */
  ios_url: appUrlSchema.nullable(),
  android_url: appUrlSchema.nullable(),
  // Access controls (D-615, D-616): the password is write-only (stored as a hash); the cap counts admitted visits.
  /** A visitor types it on the edge's password page; `null` removes it. Never returned, never synced in clear. */
  password: z
    .string()
    .min(4, 'At least 4 characters.')
    .max(128)
    .refine((value) => [...value].every((ch) => ch >= ' ' && ch !== '\u007f'), {
      message: 'No control characters.',
    })
    .nullable(),
  /** The link ends after this many visits (then `expired_url`, else the branded page); `null` removes the cap. */
  max_clicks: z.number().int().min(1).max(1_000_000_000).nullable(),
  /** Folders, notes and UTM presets (D-620, D-621, D-623). null: no folder / no note. */
  folder_id: uuidSchema.nullable(),
  note: readableText(2000).nullable(),
  utm_preset_id: uuidSchema,
} as const;

/** A link's whole schedule: what an edit of one end is checked against, with the other end as it stands. */
export const linkScheduleSchema = withScheduleInOrder(
  z.strictObject({ starts_at: linkFieldSchemas.starts_at, expires_at: linkFieldSchemas.expires_at }),
);
const f = linkFieldSchemas;

/**
 * `POST /v1/links` and the createLink mutator (docs/product-rules.md#api). `domain` is a host name and
 * defaults to the system link host; `domain_id` may be given instead (not both). A missing slug is
 * generated.
 */
export const createLinkInputSchema = withScheduleInOrder(
  z
    .strictObject({
      destination_url: f.destination_url,
      slug: f.slug.optional(),
      domain: hostnameSchema.optional(),
      domain_id: f.domain_id.optional(),
      title: f.title.optional(),
      tags: f.tags.default([]),
      utm: f.utm.optional(),
      /** false → the link is saved as a draft. */
      publish: z.boolean().default(true),
      starts_at: f.starts_at.optional(),
      expires_at: f.expires_at.optional(),
      expired_url: f.expired_url.optional(),
      rules: f.rules.optional(),
      destinations: f.destinations.optional(),
      social_preview: f.social_preview.optional(),
      ios_url: f.ios_url.optional(),
      android_url: f.android_url.optional(),
      password: f.password.optional(),
      max_clicks: f.max_clicks.optional(),
      folder_id: f.folder_id.optional(),
      note: f.note.optional(),
      /** Fills `utm` from the workspace's preset; keys given in `utm` win. */
      utm_preset_id: f.utm_preset_id.optional(),
    })
    .refine((v) => v.domain === undefined || v.domain_id === undefined, {
      message: 'Give either domain or domain_id, not both.',
      path: ['domain_id'],
      params: { issue: 'conflicts_with_domain' },
    }),
);
export type CreateLinkInput = z.infer<typeof createLinkInputSchema>;

/** `PATCH /v1/links/{id}`: every field optional; `null` clears a nullable field. */
export const updateLinkInputSchema = withScheduleInOrder(
  z
    .strictObject({
      destination_url: f.destination_url.optional(),
      slug: f.slug.optional(),
      title: f.title.nullable().optional(),
      tags: f.tags.optional(),
      utm: f.utm.optional(),
      status: z.enum(['active', 'paused']).optional(),
      starts_at: f.starts_at.optional(),
      expires_at: f.expires_at.optional(),
      expired_url: f.expired_url.optional(),
      rules: f.rules.optional(),
      destinations: f.destinations.optional(),
      social_preview: f.social_preview.optional(),
      ios_url: f.ios_url.optional(),
      android_url: f.android_url.optional(),
      password: f.password.optional(),
      max_clicks: f.max_clicks.optional(),
      folder_id: f.folder_id.optional(),
      note: f.note.optional(),
      utm_preset_id: f.utm_preset_id.optional(),
    })
    .refine((v) => Object.values(v).some((field) => field !== undefined), {
      message: 'Send at least one field to change.',
      params: { issue: 'empty_update' },
    }),
);
export type UpdateLinkInput = z.infer<typeof updateLinkInputSchema>;

export const LINK_STATUSES = [
  'draft',
  'active',
  'paused',
  'scheduled',
  'expired',
  'archived',
  /** Its `max_clicks` visits are used up (D-616). */
  'click_limit_reached',
] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** `GET /v1/links?q=&tag=&status=&folder_id=&limit=&cursor=`. */
export const listLinksQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(1).max(200).optional(),
  tag: z.string().trim().min(1).max(32).optional(),
  status: z.enum(LINK_STATUSES).optional(),
  /** A folder's links (its subfolders' too), or `none`: the links in no folder. */
  folder_id: z.union([uuidSchema, z.literal('none')]).optional(),
});
export type ListLinksQuery = z.infer<typeof listLinksQuerySchema>;

/** What the API returns for a link (output schemas are separate: what we accept is not what we return). */
export const linkSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  domain_id: uuidSchema,
  domain: z.string(),
  slug: z.string(),
  short_url: z.url(),
  destination_url: z.string(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  utm: z.record(z.string(), z.string()),
  /** Targeting rules, first match wins (each with its id). */
  rules: z.array(targetingRuleOutputSchema),
  /** Weighted split destinations (empty: no split); each id is the variant id analytics record. */
  destinations: z.array(splitDestinationOutputSchema),
  status: z.enum(LINK_STATUSES),
  starts_at: isoDateTimeSchema.nullable(),
  expires_at: isoDateTimeSchema.nullable(),
  qr_code_id: uuidSchema.nullable(),
  /** The card social crawlers are served instead of the redirect (D-625); null: none. */
  social_preview: socialPreviewSchema.nullable(),
  /** Deep links (D-625): an iPhone / Android visitor gets a page that opens these, else the destination. */
  ios_url: z.string().nullable(),
  android_url: z.string().nullable(),
  // Access controls (D-615, D-616): the password itself is never returned.
  expired_url: z.string().nullable(),
  has_password: z.boolean(),
  max_clicks: z.number().int().nullable(),
  /** Visits counted against `max_clicks` as last persisted (the edge's counter runs ahead by up to a flush). */
  click_count: z.number().int(),
  folder_id: uuidSchema.nullable(),
  /** Private to the workspace: never on a public page or in a redirect. */
  note: z.string().nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Link = z.infer<typeof linkSchema>;

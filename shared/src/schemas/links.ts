import { z } from 'zod';
import {
  hostnameSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  slugSchema,
  tagsSchema,
  titleSchema,
  urlSchema,
  uuidSchema,
} from './common';
import { splitDestinationsSchema, targetingRulesSchema } from './targeting';

export { SLUG_PATTERN } from './common';

const utmValue = z.string().trim().min(1).max(200);

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

/**
 * `POST /v1/links` and the createLink mutator (DESIGN §9, spec §5.4.1). `domain` is a host name and
 * defaults to the system link host; `domain_id` may be given instead (not both). A missing slug is
 * generated.
 */
export const createLinkInputSchema = z
  .strictObject({
    destination_url: urlSchema,
    slug: slugSchema.optional(),
    domain: hostnameSchema.optional(),
    domain_id: uuidSchema.optional(),
    title: titleSchema.optional(),
    tags: tagsSchema.default([]),
    utm: utmInputSchema.optional(),
    /** false → the link is saved as a draft. */
    publish: z.boolean().default(true),
    starts_at: isoDateTimeSchema.nullable().optional(),
    expires_at: isoDateTimeSchema.nullable().optional(),
    /** Where an expired link sends visitors (instead of the branded page). */
    expired_url: urlSchema.nullable().optional(),
    rules: targetingRulesSchema.optional(),
    destinations: splitDestinationsSchema.optional(),
  })
  .refine((v) => v.domain === undefined || v.domain_id === undefined, {
    message: 'Give either domain or domain_id, not both.',
    path: ['domain_id'],
    params: { issue: 'conflicts_with_domain' },
  })
  .refine(scheduleInOrder, scheduleRefinement);
export type CreateLinkInput = z.infer<typeof createLinkInputSchema>;

/** `PATCH /v1/links/{id}`: every field optional; `null` clears a nullable field. */
export const updateLinkInputSchema = z
  .strictObject({
    destination_url: urlSchema.optional(),
    slug: slugSchema.optional(),
    title: titleSchema.nullable().optional(),
    tags: tagsSchema.optional(),
    utm: utmInputSchema.optional(),
    status: z.enum(['active', 'paused']).optional(),
    starts_at: isoDateTimeSchema.nullable().optional(),
    expires_at: isoDateTimeSchema.nullable().optional(),
    expired_url: urlSchema.nullable().optional(),
    rules: targetingRulesSchema.optional(),
    destinations: splitDestinationsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
    params: { issue: 'empty_update' },
  })
  .refine(scheduleInOrder, scheduleRefinement);
export type UpdateLinkInput = z.infer<typeof updateLinkInputSchema>;

export const LINK_STATUSES = ['draft', 'active', 'paused', 'scheduled', 'expired', 'archived'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** `GET /v1/links?q=&tag=&status=&limit=&cursor=`. */
export const listLinksQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(1).max(200).optional(),
  tag: z.string().trim().min(1).max(32).optional(),
  status: z.enum(LINK_STATUSES).optional(),
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
  status: z.enum(LINK_STATUSES),
  starts_at: isoDateTimeSchema.nullable(),
  expires_at: isoDateTimeSchema.nullable(),
  qr_code_id: uuidSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Link = z.infer<typeof linkSchema>;

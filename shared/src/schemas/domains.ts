import { z } from 'zod';
import { handleSchema, hostnameSchema, isoDateTimeSchema, urlSchema, uuidSchema } from './common';

/** Custom domains (docs/product-rules.md#custom-domains): connect a host, verify by DNS TXT, route through `dom:host:{host}`. */
export const DOMAIN_PURPOSES = ['links', 'bio', 'all'] as const;
export type DomainPurpose = (typeof DOMAIN_PURPOSES)[number];
/** `lost`: another workspace proved the host first; this claim can no longer be verified (D-490). */
export const DOMAIN_STATUSES = ['pending', 'verified', 'failed', 'lost', 'removed'] as const;

/** Hosts LinkHub keeps for itself; a workspace cannot connect them or their subdomains. */
export function isSystemHostName(host: string, systemHosts: readonly string[]): boolean {
  return systemHosts.some((system) => host === system || host.endsWith(`.${system}`));
}

/** Why a system host (`shownHost`, as the editor shows it) cannot be connected. */
export const reservedHostMessage = (shownHost: string): string =>
  `${shownHost} belongs to LinkHub: connect a domain of your own.`;

/** What a person pastes into the domain field: a bare host, or an address whose host is meant (`https://go.example.com/`). */
export function hostTyped(text: string): string {
  const trimmed = text.trim();
  if (!/^https?:\/\//i.test(trimmed)) return trimmed;
  try {
    return new URL(trimmed).hostname;
  } catch {
    return trimmed;
  }
}

export const createDomainInputSchema = z
  .strictObject({
    hostname: hostnameSchema,
    purpose: z.enum(DOMAIN_PURPOSES).default('links'),
    /** For `bio` and `all` domains: the handle of the bio page served at `/`. */
    root_handle: handleSchema.nullable().optional(),
    /** Where unknown slugs on this host go (default: the branded not-found page). */
    not_found_url: urlSchema.nullable().optional(),
  })
  .refine((v) => v.root_handle === undefined || v.root_handle === null || v.purpose !== 'links', {
    message: 'A links-only domain has no root page.',
    path: ['root_handle'],
    params: { issue: 'not_applicable' },
  });
export type CreateDomainInput = z.infer<typeof createDomainInputSchema>;

export const updateDomainInputSchema = z
  .strictObject({
    purpose: z.enum(DOMAIN_PURPOSES).optional(),
    root_handle: handleSchema.nullable().optional(),
    not_found_url: urlSchema.nullable().optional(),
    /** The root `/` redirects here instead of showing a bio page (D-617). */
    root_redirect_url: urlSchema.nullable().optional(),
    /** Where this domain's expired or click-capped links go when they have no `expired_url` (D-616). */
    expired_url: urlSchema.nullable().optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateDomainInput = z.infer<typeof updateDomainInputSchema>;

export const domainSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema.nullable(),
  hostname: z.string(),
  is_system: z.boolean(),
  purpose: z.enum(DOMAIN_PURPOSES),
  status: z.enum(DOMAIN_STATUSES),
  /** The TXT record to create: name and value. */
  verification: z.object({ record_type: z.literal('TXT'), name: z.string(), value: z.string() }).nullable(),
  tls_status: z.enum(['none', 'pending', 'issued', 'failed', 'not_required']),
  /** Either record proves control: the TXT token, or a CNAME of the host to the link host. */
  records: z.array(z.object({ type: z.enum(['TXT', 'CNAME']), name: z.string(), value: z.string() })),
  /** What the last DNS check saw, in words. */
  verification_seen: z.string().nullable(),
  last_checked_at: isoDateTimeSchema.nullable(),
  /** A verified domain whose daily re-check fails since then (it keeps serving). */
  verification_lapsed_at: isoDateTimeSchema.nullable(),
  tls_expires_at: isoDateTimeSchema.nullable(),
  /** Why the last certificate order failed; retried automatically (tls_next_attempt_at). */
  tls_last_error: z.string().nullable(),
  tls_next_attempt_at: isoDateTimeSchema.nullable(),
  root_handle: z.string().nullable(),
  not_found_url: z.string().nullable(),
  root_redirect_url: z.string().nullable(),
  expired_url: z.string().nullable(),
  verified_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
});
export type Domain = z.infer<typeof domainSchema>;

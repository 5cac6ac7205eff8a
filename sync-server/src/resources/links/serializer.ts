import { z } from 'zod';
import type { Link } from '@linkhub/shared/schemas/links';
import { splitDestinationOutputSchema, targetingRuleOutputSchema } from '@linkhub/shared/schemas/targeting';
import type { CommandResult } from '../../kernel/types';
import type { AddressOf } from '@linkhub/shared/url/public-address';
import { iso, shortUrlOf } from '../../http/short-url';
import { readSocialPreview } from '@linkhub/shared/link-previews/social-preview';

export type LinkRecord = {
  id: string;
  workspace_id: string;
  domain_id: string;
  hostname: string;
  slug: string;
  destination_url: string;
  title: string | null;
  tags: string[];
  utm: Record<string, string>;
  /** jsonb arrays as stored; read through the output schemas so a malformed entry cannot break a response. */
  rules: unknown;
  destinations: unknown;
  api_status: Link['status'];
  starts_at: Date | null;
  expires_at: Date | null;
  qr_code_id: string | null;
  /** D-625: as stored (read through `readSocialPreview`); absent from a plain create's row. */
  social_preview?: unknown;
  ios_url?: string | null;
  android_url?: string | null;
  // Access controls (D-615, D-616): whether a password is set, never the hash.
  expired_url: string | null;
  has_password: boolean;
  max_clicks: number | null;
  /** bigint: node-postgres reads it as a string. */
  click_count: number | string;
  folder_id: string | null;
  note: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
};

/**
 * What a plain create's INSERT returned, when it needs no re-read: not archived, unscheduled, so its
 * API status is its stored one (the CASE of queries/links.ts has nothing else to decide).
 */
const plainCreatedLinkSchema = z.object({
  id: z.string(),
  workspace_id: z.string(),
  domain_id: z.string(),
  slug: z.string(),
  destination_url: z.string(),
  title: z.string().nullable(),
  tags: z.array(z.string()),
  utm: z.record(z.string(), z.string()),
  rules: z.unknown(),
  destinations: z.unknown(),
  status: z.enum(['active', 'paused']),
  archived_at: z.null(),
  starts_at: z.null(),
  expires_at: z.null(),
  qr_code_id: z.string().nullable(),
  folder_id: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.date(),
  updated_at: z.date(),
});

const createdAddressSchema = z.object({ host: z.string() });

/** The record of a link createLink made just now, from its INSERT's row; null when only a re-read can say. */
export function createdLinkRecord(result: CommandResult): Omit<LinkRecord, 'cursor_at'> | null {
  const parsed = plainCreatedLinkSchema.safeParse(result.row);
  const address = createdAddressSchema.safeParse(result.value);
  if (!parsed.success || !address.success) return null;
  const { status, archived_at: _archived, ...fields } = parsed.data;
  const access = { expired_url: null, has_password: false, max_clicks: null, click_count: 0 };
  return { ...fields, ...access, hostname: address.data.host, api_status: status };
}

/** A link row as the API returns it (shared `linkSchema`). */
export function serializeLink(row: Omit<LinkRecord, 'cursor_at'>, addressOf: AddressOf): Link {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    domain_id: row.domain_id,
    domain: row.hostname,
    slug: row.slug,
    short_url: shortUrlOf(addressOf, row.hostname, row.slug),
    destination_url: row.destination_url,
    title: row.title,
    tags: row.tags,
    utm: row.utm,
    rules: entries(row.rules, targetingRuleOutputSchema),
    destinations: entries(row.destinations, splitDestinationOutputSchema),
    status: row.api_status,
    starts_at: iso(row.starts_at),
    expires_at: iso(row.expires_at),
    qr_code_id: row.qr_code_id,
    social_preview: readSocialPreview(row.social_preview),
    ios_url: row.ios_url ?? null,
    android_url: row.android_url ?? null,
    expired_url: row.expired_url,
    has_password: row.has_password,
    max_clicks: row.max_clicks,
    click_count: Number(row.click_count),
    folder_id: row.folder_id,
    note: row.note,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function entries<S extends z.ZodType>(value: unknown, schema: S): Array<z.infer<S>> {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

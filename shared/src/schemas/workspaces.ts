import { z } from 'zod';
import { API_KEY_SCOPES } from '../permissions/scopes';
import { readableText } from './common';

/** Workspaces and API keys. */
/** As the `workspaces.slug` CHECK constraint. */
const WORKSPACE_SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const workspaceSlugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(WORKSPACE_SLUG, 'Use 1–63 lower-case letters, digits and hyphens, starting with a letter or digit.');

const timeZoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine((zone) => Intl.supportedValuesOf('timeZone').includes(zone) || zone === 'UTC', {
    message: 'Use an IANA time zone such as Europe/Paris.',
    params: { issue: 'invalid_value' },
  });

export const workspaceNameSchema = readableText(120).min(1, 'must not be empty');

/** `POST /api/workspaces`: a new workspace needs only its name (the rest has defaults, set in Settings). */
export const createWorkspaceInputSchema = z.strictObject({ name: workspaceNameSchema });
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInputSchema>;

export const createApiKeyInputSchema = z.strictObject({
  name: readableText(80).min(1),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');
const httpsOrHttpUrl = z.url({ protocol: /^https?$/ }).max(2048);

/**
 * Workspace branding (`PATCH /api/workspaces/{id}` and the updateWorkspaceSettings mutator): a
 * closed set of short fields, so a branding value is at most a few KB and one level deep.
 */
export const brandingSchema = z.strictObject({
  logo_url: httpsOrHttpUrl.nullable().optional(),
  primary_color: hexColor.nullable().optional(),
  accent_color: hexColor.nullable().optional(),
  background_color: hexColor.nullable().optional(),
  text_color: hexColor.nullable().optional(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** What the branded holding page and branded 404 show (the edge reads these fields, `cache/build-payload.ts`). */
export const holdingPageSchema = z.strictObject({
  title: readableText(120).nullable().optional(),
  message: readableText(1000).nullable().optional(),
  logo_url: httpsOrHttpUrl.nullable().optional(),
  background: hexColor.nullable().optional(),
  foreground: hexColor.nullable().optional(),
  link_url: httpsOrHttpUrl.nullable().optional(),
  /** Where the workspace's expired or used-up links go when neither they nor their domain say (D-616). */
  expired_url: httpsOrHttpUrl.nullable().optional(),
});
export type HoldingPage = z.infer<typeof holdingPageSchema>;

export { timeZoneSchema };

import { z } from 'zod';
import { API_KEY_SCOPES } from '../permissions/scopes';

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

export const createWorkspaceInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  slug: workspaceSlugSchema.optional(),
  time_zone: timeZoneSchema.default('UTC'),
});
export type CreateWorkspaceInput = z.infer<typeof createWorkspaceInputSchema>;

export const updateWorkspaceInputSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(80).optional(),
    slug: workspaceSlugSchema.optional(),
    time_zone: timeZoneSchema.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
    params: { issue: 'empty_update' },
  });
export type UpdateWorkspaceInput = z.infer<typeof updateWorkspaceInputSchema>;

export const createApiKeyInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .transform((scopes) => [...new Set(scopes)]),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

import { z } from 'zod';
import { ROLES } from '../permissions/conditions';
import { GRANTABLE_TYPES } from '../permissions/matrix';
import { emailSchema, isoDateTimeSchema, uuidSchema } from './common';

/** Members, invitations and per-resource grants (docs/product-rules.md#permissions). */
export const roleSchema = z.enum(ROLES);

/** Roles an invitation or a role change may give: ownership moves only by transfer (docs/product-rules.md#permissions). */
export const ASSIGNABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
export const assignableRoleSchema = z.enum(ASSIGNABLE_ROLES);
export type AssignableRole = z.infer<typeof assignableRoleSchema>;

export const grantRefSchema = z.strictObject({
  resource_type: z.enum(GRANTABLE_TYPES),
  resource_id: uuidSchema,
});
export type GrantRefInput = z.infer<typeof grantRefSchema>;

const grantList = z
  .array(grantRefSchema)
  .max(500)
  .refine((list) => new Set(list.map((g) => `${g.resource_type}:${g.resource_id}`)).size === list.length, {
    message: 'Each resource may be granted once.',
    params: { issue: 'duplicate' },
  });

/** Invite someone by email; grants (Business) make the new membership scoped. */
export const inviteMemberInputSchema = z.strictObject({
  email: emailSchema,
  role: assignableRoleSchema,
  grants: grantList.default([]),
});
export type InviteMemberInput = z.infer<typeof inviteMemberInputSchema>;

export const acceptInvitationInputSchema = z.strictObject({ token: z.string().min(16).max(256) });

export const changeRoleInputSchema = z.strictObject({ role: assignableRoleSchema });
export type ChangeRoleInput = z.infer<typeof changeRoleInputSchema>;

/** Grant one resource to a membership. */
export const createGrantInputSchema = grantRefSchema.extend({ member_id: uuidSchema });
export type CreateGrantInput = z.infer<typeof createGrantInputSchema>;

/** Start an ownership transfer to another member; typed confirmation is the workspace slug. */
export const transferOwnershipInputSchema = z.strictObject({
  member_id: uuidSchema,
  confirmation: z.string().min(1).max(100),
});

export const memberSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  user_id: uuidSchema,
  email: z.string(),
  name: z.string().nullable(),
  role: roleSchema,
  status: z.enum(['active', 'suspended']),
  is_scoped: z.boolean(),
  grants: z.array(grantRefSchema.extend({ source: z.enum(['admin', 'auto_on_create']) })),
  created_at: isoDateTimeSchema,
});
export type Member = z.infer<typeof memberSchema>;

export const invitationSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  email: z.string(),
  role: assignableRoleSchema,
  status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  expires_at: isoDateTimeSchema,
  created_at: isoDateTimeSchema,
});
export type Invitation = z.infer<typeof invitationSchema>;

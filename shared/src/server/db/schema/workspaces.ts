import { boolean, foreignKey, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt, type JsonObject } from './columns';
import { users } from './identity';

export type PlanKey = 'free' | 'pro' | 'business';
export type BillingStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled';
export type MemberRole = 'owner' | 'admin' | 'editor' | 'viewer';
export type GrantResourceType = 'bio_page' | 'link' | 'qr_code';

/** Plan keys only; limits and features live in shared/src/entitlements/plans.ts. */
export const plans = pgTable('plans', {
  key: text('key').$type<PlanKey>().primaryKey(),
  name: text('name').notNull(),
  sortOrder: smallint('sort_order').notNull(),
  stripePriceMonthlyId: text('stripe_price_monthly_id'),
  stripePriceYearlyId: text('stripe_price_yearly_id'),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const billingAccounts = pgTable('billing_accounts', {
  id: pk(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  planKey: text('plan_key')
    .$type<PlanKey>()
    .notNull()
    .default('free')
    .references(() => plans.key, { onDelete: 'restrict' }),
  stripeCustomerId: text('stripe_customer_id'),
  billingEmail: text('billing_email'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Insert together with its owner member (role 'owner', user_id = owner_user_id) in one transaction:
 * a deferred constraint trigger checks at COMMIT that every live workspace has exactly one owner.
 */
export const workspaces = pgTable('workspaces', {
  id: pk(),
  name: text('name').notNull(),
  /** ^[a-z0-9][a-z0-9-]{0,62}$, unique among live workspaces */
  slug: text('slug').notNull(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'restrict' }),
  billingAccountId: uuid('billing_account_id')
    .notNull()
    .references(() => billingAccounts.id, { onDelete: 'restrict' }),
  currentPlanKey: text('current_plan_key')
    .$type<PlanKey>()
    .notNull()
    .default('free')
    .references(() => plans.key, { onDelete: 'restrict' }),
  billingStatus: text('billing_status').$type<BillingStatus>().notNull().default('active'),
  pastDueSince: tstz('past_due_since'),
  writesBlocked: boolean('writes_blocked').notNull().default(false),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** added by 0020_account_security.sql (accounts): members must have 2FA to act in this workspace */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  branding: jsonb('branding').$type<JsonObject>().notNull().default({}),
  /** QR fallback stage 3: {title, message, logo_url, background, foreground, link_url} */
  holdingPage: jsonb('holding_page').$type<JsonObject>().notNull().default({}),
  /** FK → custom_domains.id ON DELETE SET NULL (declared in SQL) */
  defaultLinkDomainId: uuid('default_link_domain_id'),
  defaultPageDomainId: uuid('default_page_domain_id'),
  deletedAt: tstz('deleted_at'),
  /** set together with deleted_at (CHECK) */
  purgeAfter: tstz('purge_after'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaceInvitations = pgTable('workspace_invitations', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  role: text('role').$type<Exclude<MemberRole, 'owner'>>().notNull(),
  isScoped: boolean('is_scoped').notNull().default(false),
  pendingGrants: jsonb('pending_grants')
    .$type<{ resource_type: GrantResourceType; resource_id: string }[]>()
    .notNull()
    .default([]),
  tokenHash: text('token_hash').notNull(),
  status: text('status').$type<'pending' | 'accepted' | 'revoked' | 'expired'>().notNull().default('pending'),
  invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  acceptedAt: tstz('accepted_at'),
  revokedAt: tstz('revoked_at'),
  expiresAt: tstz('expires_at').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Removal is a soft delete (deleted_at). Owner transfer: demote the old owner first, then promote. */
export const workspaceMembers = pgTable('workspace_members', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').$type<MemberRole>().notNull(),
  isScoped: boolean('is_scoped').notNull().default(false),
  invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  invitationId: uuid('invitation_id').references(() => workspaceInvitations.id, { onDelete: 'set null' }),
  joinedAt: tstz('joined_at').notNull().defaultNow(),
  removedByUserId: uuid('removed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const resourceGrants = pgTable(
  'resource_grants',
  {
    id: pk(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull(),
    resourceType: text('resource_type').$type<GrantResourceType>().notNull(),
    /** polymorphic: bio_pages.id, links.id or qr_codes.id (no FK) */
    resourceId: uuid('resource_id').notNull(),
    source: text('source').$type<'manual' | 'auto_on_create'>().notNull().default('manual'),
    grantedByUserId: uuid('granted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'fk_resource_grants_member_ws',
      columns: [t.workspaceId, t.memberId],
      foreignColumns: [workspaceMembers.workspaceId, workspaceMembers.id],
    }).onDelete('cascade'),
  ],
);

export type AuditActorType = 'user' | 'api_key' | 'system';

/**
 * Append-only: UPDATE, DELETE and TRUNCATE raise (P0001 'audit_log_append_only: …'). Expired rows are
 * removed only by `SELECT purge_expired_audit_log_entries()`. retention_expires_at NULL = kept forever;
 * a qr_code entry whose action contains 'destination' is always kept forever.
 */
export const auditLogEntries = pgTable('audit_log_entries', {
  id: pk(),
  workspaceId: uuid('workspace_id'),
  actorType: text('actor_type').$type<AuditActorType>().notNull(),
  actorUserId: uuid('actor_user_id'),
  actorApiKeyId: uuid('actor_api_key_id'),
  action: text('action').notNull(),
  resourceType: text('resource_type'),
  resourceId: uuid('resource_id'),
  summary: text('summary'),
  changes: jsonb('changes').$type<JsonObject>().notNull().default({}),
  metadata: jsonb('metadata').$type<JsonObject>().notNull().default({}),
  requestId: text('request_id'),
  occurredAt: tstz('occurred_at').notNull().defaultNow(),
  retentionExpiresAt: tstz('retention_expires_at'),
  createdAt: createdAt(),
});

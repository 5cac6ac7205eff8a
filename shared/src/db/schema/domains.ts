import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

export type DomainPurpose = 'links' | 'bio' | 'all';
export type DomainStatus = 'pending' | 'verified' | 'failed' | 'removed';

/**
 * System hosts are rows with workspace_id NULL and is_system true (status 'verified', method 'system');
 * they can never be deleted, soft-deleted or reassigned. hostname is stored lower-case, unique among live rows.
 */
export const customDomains = pgTable('custom_domains', {
  id: pk(),
  workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  hostname: text('hostname').notNull(),
  isSystem: boolean('is_system').notNull().default(false),
  purpose: text('purpose').$type<DomainPurpose>().notNull().default('links'),
  status: text('status').$type<DomainStatus>().notNull().default('pending'),
  verificationMethod: text('verification_method').$type<'dns_txt' | 'system'>().notNull().default('dns_txt'),
  verificationRecordName: text('verification_record_name'),
  verificationToken: text('verification_token'),
  verifiedAt: tstz('verified_at'),
  lastCheckedAt: tstz('last_checked_at'),
  nextCheckAt: tstz('next_check_at'),
  checkAttempts: integer('check_attempts').notNull().default(0),
  lastError: text('last_error'),
  tlsStatus: text('tls_status')
    .$type<'none' | 'pending' | 'issued' | 'failed' | 'not_required'>()
    .notNull()
    .default('none'),
  tlsIssuedAt: tstz('tls_issued_at'),
  tlsExpiresAt: tstz('tls_expires_at'),
  notFoundUrl: text('not_found_url'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

import { boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

export type DomainPurpose = 'links' | 'bio' | 'all';
/** `lost`: a pending claim closed because another workspace proved the host first (0177, D-490). */
export type DomainStatus = 'pending' | 'verified' | 'failed' | 'lost' | 'removed';

/**
 * System hosts are rows with workspace_id NULL and is_system true (status 'verified', method 'system');
 * they can never be deleted, soft-deleted or reassigned. hostname is stored lower-case, unique among live verified rows (pending claims may share it, D-490).
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
  /** The root `/` redirects here instead of showing a bio page (D-617). */
  rootRedirectUrl: text('root_redirect_url'),
  /** Default for the domain's expired and click-capped links without their own (D-616). */
  expiredUrl: text('expired_url'),
  /** Which record proved control: the TXT token or a CNAME to the link host (0130). */
  verifiedBy: text('verified_by').$type<'txt' | 'cname'>(),
  /** What the last DNS check saw, in words (shown in the editor). */
  verificationSeen: text('verification_seen'),
  /** A verified domain whose re-check fails since then: it keeps serving, its owner is told. */
  verificationLapsedAt: tstz('verification_lapsed_at'),
  /** The bio page handle served at `/` (null: the page published first). */
  rootHandle: text('root_handle'),
  tlsAttempts: integer('tls_attempts').notNull().default(0),
  tlsLastError: text('tls_last_error'),
  tlsNextAttemptAt: tstz('tls_next_attempt_at'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One ACME account per directory; the account key is sealed (shared/src/server/crypto/secret-box.ts). */
export const acmeAccounts = pgTable('acme_accounts', {
  id: pk(),
  directoryUrl: text('directory_url').notNull(),
  accountKeySealed: text('account_key_sealed').notNull(),
  accountUrl: text('account_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A custom domain's certificates: chain and key sealed at rest; at most one `active` per domain. */
export const domainCertificates = pgTable('domain_certificates', {
  id: pk(),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'cascade' }),
  hostname: text('hostname').notNull(),
  acmeAccountId: uuid('acme_account_id').references(() => acmeAccounts.id, { onDelete: 'set null' }),
  certificateSealed: text('certificate_sealed').notNull(),
  privateKeySealed: text('private_key_sealed').notNull(),
  serial: text('serial').notNull(),
  notBefore: tstz('not_before').notNull(),
  notAfter: tstz('not_after').notNull(),
  status: text('status').$type<'active' | 'superseded' | 'revoked'>().notNull().default('active'),
  revokedAt: tstz('revoked_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

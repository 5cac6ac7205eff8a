import { bigint, boolean, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { bytea, createdAt, pk, tstz, updatedAt } from './columns';

export const users = pgTable('users', {
  id: pk(),
  /** stored trimmed + lower-case by a trigger */
  email: text('email').notNull(),
  name: text('name').notNull().default(''),
  passwordHash: text('password_hash'),
  /** 'argon2id'; NULL exactly when password_hash is NULL */
  passwordAlgo: text('password_algo').$type<'argon2id'>(),
  emailVerifiedAt: tstz('email_verified_at'),
  status: text('status')
    .$type<'active' | 'suspended' | 'pending_deletion' | 'deleted'>()
    .notNull()
    .default('active'),
  locale: text('locale').notNull().default('en'),
  timeZone: text('time_zone').notNull().default('UTC'),
  avatarUrl: text('avatar_url'),
  totpEnabled: boolean('totp_enabled').notNull().default(false),
  failedLoginCount: integer('failed_login_count').notNull().default(0),
  lockedUntil: tstz('locked_until'),
  lastLoginAt: tstz('last_login_at'),
  deletionRequestedAt: tstz('deletion_requested_at'),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userIdentities = pgTable('user_identities', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<'google'>().notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  email: text('email'),
  accessTokenCiphertext: text('access_token_ciphertext'),
  refreshTokenCiphertext: text('refresh_token_ciphertext'),
  keyVersion: integer('key_version'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type SessionClientKind = 'web' | 'pwa' | 'desktop' | 'cli';

/** token_hash = SHA-256 hex of the session token; the token itself is never stored. */
export const sessions = pgTable('sessions', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  /** FK → workspaces.id ON DELETE SET NULL (declared in SQL; avoids an import cycle here) */
  activeWorkspaceId: uuid('active_workspace_id'),
  clientKind: text('client_kind').$type<SessionClientKind>().notNull().default('web'),
  /** parsed label such as "Chrome on macOS" — never a raw User-Agent */
  clientLabel: text('client_label'),
  mfaVerifiedAt: tstz('mfa_verified_at'),
  /** added by 0020_account_security.sql (accounts): last step-up re-authentication */
  reauthenticatedAt: tstz('reauthenticated_at'),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  rollingExpiresAt: tstz('rolling_expires_at').notNull(),
  absoluteExpiresAt: tstz('absolute_expires_at').notNull(),
  revokedAt: tstz('revoked_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailVerificationTokens = pgTable('email_verification_tokens', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  consumedAt: tstz('consumed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  consumedAt: tstz('consumed_at'),
  invalidatedAt: tstz('invalidated_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const magicLinkTokens = pgTable('magic_link_tokens', {
  id: pk(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull(),
  expiresAt: tstz('expires_at').notNull(),
  consumedAt: tstz('consumed_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailChangeRequests = pgTable('email_change_requests', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  oldEmail: text('old_email').notNull(),
  newEmail: text('new_email').notNull(),
  confirmTokenHash: text('confirm_token_hash').notNull(),
  revokeTokenHash: text('revoke_token_hash').notNull(),
  status: text('status')
    .$type<'pending' | 'confirmed' | 'revoked' | 'expired'>()
    .notNull()
    .default('pending'),
  expiresAt: tstz('expires_at').notNull(),
  resolvedAt: tstz('resolved_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** secret_ciphertext is the encrypted TOTP secret (never in clear); last_used_step is the replay guard. */
export const totpSecrets = pgTable('totp_secrets', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretCiphertext: text('secret_ciphertext').notNull(),
  keyVersion: integer('key_version').notNull().default(1),
  confirmedAt: tstz('confirmed_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const recoveryCodes = pgTable('recovery_codes', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  batchId: uuid('batch_id').notNull(),
  position: smallint('position').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: tstz('used_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type AuthAttemptKind =
  'login' | 'signup' | 'totp' | 'recovery_code' | 'password_reset' | 'magic_link' | 'email_verification';

/** Append-only; identifier_hash is a keyed hash of the normalised email, network_hash a keyed digest (no raw IP). */
export const authAttempts = pgTable('auth_attempts', {
  id: pk(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  identifierHash: text('identifier_hash').notNull(),
  kind: text('kind').$type<AuthAttemptKind>().notNull(),
  outcome: text('outcome').$type<'success' | 'failure' | 'locked' | 'throttled'>().notNull(),
  reason: text('reason'),
  networkHash: bytea('network_hash'),
  occurredAt: tstz('occurred_at').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

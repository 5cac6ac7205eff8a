import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/** key_hash = SHA-256 hex of the full key; prefix (unique) is the shown part. Bound to one workspace. */
export const apiKeys = pgTable('api_keys', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** FK (workspace_id, created_by_member_id) → workspace_members (declared in SQL) */
  createdByMemberId: uuid('created_by_member_id'),
  name: text('name').notNull(),
  prefix: text('prefix').notNull(),
  keyHash: text('key_hash').notNull(),
  scopes: text('scopes').array().notNull().default([]),
  lastUsedAt: tstz('last_used_at'),
  expiresAt: tstz('expires_at'),
  revokedAt: tstz('revoked_at'),
  revokedByUserId: uuid('revoked_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Unique (scope, key). Default expiry 24 h after insert. */
export const idempotencyKeys = pgTable('idempotency_keys', {
  id: pk(),
  workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  scope: text('scope').notNull(),
  key: text('key').notNull(),
  method: text('method').notNull().default('POST'),
  path: text('path').notNull().default(''),
  requestHash: text('request_hash').notNull(),
  status: text('status').$type<'in_progress' | 'completed'>().notNull().default('in_progress'),
  responseStatus: integer('response_status'),
  responseBody: jsonb('response_body').$type<unknown>(),
  responseHeaders: jsonb('response_headers').$type<Record<string, string>>().notNull().default({}),
  lockedUntil: tstz('locked_until'),
  completedAt: tstz('completed_at'),
  expiresAt: tstz('expires_at')
    .notNull()
    .default(sql`(now() + interval '24 hours')`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

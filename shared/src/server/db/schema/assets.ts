import { bigint, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt, type JsonObject } from './columns';
import { bioPages } from './bio-pages';
import { customDomains } from './domains';
import { users } from './identity';
import { workspaces } from './workspaces';

export type AssetKind =
  'qr_logo' | 'avatar' | 'block_image' | 'page_background' | 'workspace_logo' | 'og_image';

export const uploadedAssets = pgTable('uploaded_assets', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').$type<AssetKind>().notNull(),
  storageKey: text('storage_key').notNull(),
  contentType: text('content_type')
    .$type<'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml' | 'image/gif'>()
    .notNull(),
  byteSize: integer('byte_size').notNull(),
  width: integer('width'),
  height: integer('height'),
  sha256: text('sha256').notNull(),
  /** A photo's stored variants (`responsiveImageSchema`, D-585); null for QR logos. */
  variants: jsonb('variants').$type<JsonObject>(),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** url must start with https:// (CHECK); secret stored encrypted. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
  description: text('description'),
  events: text('events').array().notNull().default([]),
  secretCiphertext: text('secret_ciphertext').notNull(),
  keyVersion: integer('key_version').notNull().default(1),
  status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
  disabledReason: text('disabled_reason'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  kind: text('kind').$type<'webhook' | 'mailchimp' | 'convertkit'>().notNull().default('webhook'),
  config: jsonb('config').$type<JsonObject>().notNull().default({}),
  pageId: uuid('page_id').references(() => bioPages.id, { onDelete: 'cascade' }),
  secretLast4: text('secret_last4'),
  previousSecretCiphertext: text('previous_secret_ciphertext'),
  previousSecretExpiresAt: tstz('previous_secret_expires_at'),
  secretRotatedAt: tstz('secret_rotated_at'),
  /** Only traffic events about these links, QR codes or pages (D-633); NULL: every resource. */
  resourceIds: uuid('resource_ids').array(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Traffic events waiting for their endpoint's next batch (D-632): `events` a JSON array of `n`, as text. */
export const webhookEventBuffer = pgTable('webhook_event_buffer', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  eventType: text('event_type').$type<'link.clicked' | 'qr.scanned' | 'page.viewed'>().notNull(),
  events: text('events').notNull(),
  n: integer('n').notNull(),
  createdAt: createdAt(),
});

/** Unique (endpoint_id, event_id). */
export const webhookDeliveries = pgTable('webhook_deliveries', {
  id: pk(),
  endpointId: uuid('endpoint_id')
    .notNull()
    .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  eventId: uuid('event_id').notNull(),
  eventType: text('event_type').notNull(),
  payload: jsonb('payload').$type<JsonObject>().notNull(),
  status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'dead'>().notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastStatusCode: integer('last_status_code'),
  lastError: text('last_error'),
  nextAttemptAt: tstz('next_attempt_at'),
  deliveredAt: tstz('delivered_at'),
  latencyMs: integer('latency_ms'),
  lastAttemptAt: tstz('last_attempt_at'),
  replays: integer('replays').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const domainVerificationAttempts = pgTable('domain_verification_attempts', {
  id: pk(),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'cascade' }),
  outcome: text('outcome').$type<'verified' | 'record_missing' | 'record_mismatch' | 'dns_error'>().notNull(),
  detail: text('detail'),
  checkedAt: tstz('checked_at').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

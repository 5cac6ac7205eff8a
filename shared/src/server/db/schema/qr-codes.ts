import { boolean, integer, jsonb, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt, type JsonObject } from './columns';
import { customDomains } from './domains';
import { users } from './identity';
import type { LockReason } from './links';
import { workspaces } from './workspaces';

/**
 * Insert reserves (domain_id, slug) in qr_slug_reservations in the same transaction (trigger). Taking a
 * reserved slug or a live link's slug raises P0001 'qr_slug_reserved: …'. domain_id, slug and
 * workspace_id never change afterwards ('qr_slug_immutable: …').
 */
export const qrCodes = pgTable('qr_codes', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'restrict' }),
  slug: text('slug').notNull(),
  title: text('title'),
  /** at least one of destination_url / link_id is set (CHECK) */
  destinationUrl: text('destination_url'),
  /** FK (link_id, workspace_id) → links (declared in SQL) */
  linkId: uuid('link_id'),
  status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
  startsAt: tstz('starts_at'),
  expiresAt: tstz('expires_at'),
  archivedAt: tstz('archived_at'),
  locked: boolean('locked').notNull().default(false),
  lockedAt: tstz('locked_at'),
  lockedReason: text('locked_reason').$type<LockReason>(),
  /** Read-only after a plan downgrade (resource_locked); unlike `locked` it never changes how the resource is served. */
  editLockedAt: tstz('edit_locked_at'),
  lastGoodDestination: text('last_good_destination'),
  lastGoodDestinationAt: tstz('last_good_destination_at'),
  design: jsonb('design').$type<JsonObject>().notNull().default({}),
  designRevision: integer('design_revision').notNull().default(1),
  currentVersion: integer('current_version').notNull().default(1),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Written only by the qr_codes insert trigger. UPDATE/DELETE/TRUNCATE raise; FKs out of it are RESTRICT. */
export const qrSlugReservations = pgTable('qr_slug_reservations', {
  id: pk(),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'restrict' }),
  slug: text('slug').notNull(),
  qrCodeId: uuid('qr_code_id')
    .notNull()
    .references(() => qrCodes.id, { onDelete: 'restrict' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'restrict' }),
  reservedAt: tstz('reserved_at').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const qrCodeVersions = pgTable('qr_code_versions', {
  id: pk(),
  qrCodeId: uuid('qr_code_id')
    .notNull()
    .references(() => qrCodes.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  snapshot: jsonb('snapshot').$type<JsonObject>().notNull(),
  changeSummary: text('change_summary'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type QrExportFormat = 'svg' | 'png' | 'pdf' | 'eps';

export const qrRenderArtifacts = pgTable('qr_render_artifacts', {
  id: pk(),
  qrCodeId: uuid('qr_code_id')
    .notNull()
    .references(() => qrCodes.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  designRevision: integer('design_revision').notNull(),
  format: text('format').$type<QrExportFormat>().notNull(),
  /** numeric(8,2) read as a string by node-postgres */
  sizeMm: numeric('size_mm', { precision: 8, scale: 2 }),
  dpi: integer('dpi'),
  bleedMm: numeric('bleed_mm', { precision: 6, scale: 2 }).notNull().default('0'),
  optionsHash: text('options_hash').notNull(),
  status: text('status').$type<'pending' | 'ready' | 'failed'>().notNull().default('pending'),
  storageKey: text('storage_key'),
  contentType: text('content_type'),
  byteSize: integer('byte_size'),
  sha256: text('sha256'),
  decodeVerifiedAt: tstz('decode_verified_at'),
  error: text('error'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

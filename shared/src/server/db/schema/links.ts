import { bigint, boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt, type JsonObject, type JsonValue } from './columns';
import { customDomains } from './domains';
import { users } from './identity';
import { workspaces } from './workspaces';

export type LockReason = 'plan_downgrade' | 'abuse' | 'billing';

/**
 * (domain_id, slug) is unique; slugs are stored lower-case by a trigger. Inserting or re-pointing a link
 * onto a (domain, slug) held by qr_slug_reservations raises P0001 'qr_slug_reserved: …', unless the
 * link's qr_code_id is the reserving QR (its pinned link).
 */
export const links = pgTable('links', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'restrict' }),
  slug: text('slug').notNull(),
  destinationUrl: text('destination_url').notNull(),
  title: text('title'),
  tags: text('tags').array().notNull().default([]),
  /** {source, medium, campaign, term, content} */
  utm: jsonb('utm').$type<JsonObject>().notNull().default({}),
  /** ordered targeting rules */
  rules: jsonb('rules').$type<JsonValue[]>().notNull().default([]),
  /** weighted split destinations */
  destinations: jsonb('destinations').$type<JsonValue[]>().notNull().default([]),
  status: text('status').$type<'active' | 'paused'>().notNull().default('active'),
  startsAt: tstz('starts_at'),
  expiresAt: tstz('expires_at'),
  expiredDestinationUrl: text('expired_destination_url'),
  /** {title, description, image_url}: the card crawlers are served (D-625); NULL: none */
  socialPreview: jsonb('social_preview').$type<JsonObject>(),
  /** App links the deep-link page opens on an iPhone / on Android (D-625) */
  iosUrl: text('ios_url'),
  androidUrl: text('android_url'),
  /** scrypt (`scrypt$N$r$p$salt$hash`, D-615); write-only: never in a view, a snapshot or an answer. */
  passwordHash: text('password_hash'),
  /** The link ends after this many admitted visits (D-616). */
  maxClicks: integer('max_clicks'),
  /** The edge's visit counter as the worker last flushed it; seeds the counter on a cold cache. */
  clickCount: bigint('click_count', { mode: 'number' }).notNull().default(0),
  /** When the flushed count reached `max_clicks`: why the link ended. */
  clickLimitReachedAt: tstz('click_limit_reached_at'),
  archivedAt: tstz('archived_at'),
  locked: boolean('locked').notNull().default(false),
  /** set exactly when locked (CHECK) */
  lockedAt: tstz('locked_at'),
  lockedReason: text('locked_reason').$type<LockReason>(),
  /** Read-only after a plan downgrade (resource_locked); unlike `locked` it never changes how the resource is served. */
  editLockedAt: tstz('edit_locked_at'),
  /** QR-pinned link: FK (qr_code_id, workspace_id) → qr_codes, deferred; such a link is never archived/deleted */
  qrCodeId: uuid('qr_code_id'),
  /** FK → experiments.id ON DELETE SET NULL (declared in SQL) */
  experimentId: uuid('experiment_id'),
  /** FK (workspace_id, folder_id) → link_folders (D-620); NULL: no folder */
  folderId: uuid('folder_id'),
  /** private, at most 2,000 characters; never in a redirect payload or on a public page (D-621) */
  note: text('note'),
  currentVersion: integer('current_version').notNull().default(1),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const linkVersions = pgTable('link_versions', {
  id: pk(),
  linkId: uuid('link_id')
    .notNull()
    .references(() => links.id, { onDelete: 'cascade' }),
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

/** Link folders (D-620): one level of nesting (a trigger refuses deeper); deleted softly, links move out. */
export const linkFolders = pgTable('link_folders', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  /** FK (workspace_id, parent_id) → link_folders: a top-level folder of the same workspace */
  parentId: uuid('parent_id'),
  name: text('name').notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A workspace's UTM presets (D-623); the three former built-ins are seeded for every workspace. */
export const utmPresets = pgTable('utm_presets', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** {source, medium, campaign, term, content} */
  utm: jsonb('utm').$type<JsonObject>().notNull().default({}),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

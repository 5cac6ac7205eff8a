import { boolean, foreignKey, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt, type JsonObject } from './columns';
import { customDomains } from './domains';
import { users } from './identity';
import type { LockReason } from './links';
import { workspaces } from './workspaces';

/** workspace_id NULL + is_system true = a built-in preset (unique key). */
export const themes = pgTable('themes', {
  id: pk(),
  workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  isSystem: boolean('is_system').notNull().default(false),
  key: text('key'),
  name: text('name').notNull(),
  tokens: jsonb('tokens').$type<JsonObject>().notNull().default({}),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** handle is stored lower-case, unique per domain among live pages. */
export const bioPages = pgTable('bio_pages', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  domainId: uuid('domain_id')
    .notNull()
    .references(() => customDomains.id, { onDelete: 'restrict' }),
  handle: text('handle').notNull(),
  title: text('title').notNull().default(''),
  bio: text('bio').notNull().default(''),
  avatarUrl: text('avatar_url'),
  /**
   * The page's photo, an uploaded asset of its workspace (D-585). Its foreign key (ON DELETE SET NULL)
   * is in migration 0197 only: declaring it here would make this file and assets.ts import each other.
   */
  avatarAssetId: uuid('avatar_asset_id'),
  themeId: uuid('theme_id').references(() => themes.id, { onDelete: 'set null' }),
  theme: jsonb('theme').$type<JsonObject>().notNull().default({}),
  seo: jsonb('seo').$type<JsonObject>().notNull().default({}),
  /** A sensitive-content notice in front of the page, `{kind, message?}`; NULL: none (migration 0205, D-606). */
  notice: jsonb('notice').$type<JsonObject>(),
  /** Link previews (D-600): empty texts fall back to the title and bio; an uploaded card replaces the generated one (FK in 0200). */
  shareTitle: text('share_title').notNull().default(''),
  shareDescription: text('share_description').notNull().default(''),
  shareImageAssetId: uuid('share_image_asset_id'),
  /** The card generated at the last publish: `{key, path, width, height}` (D-600). */
  shareCard: jsonb('share_card').$type<JsonObject>(),
  /** The page's language, BCP 47 from PAGE_LANGUAGES (D-602). */
  language: text('language').notNull().default('en'),
  draftRevision: integer('draft_revision').notNull().default(1),
  publishedRevision: integer('published_revision'),
  /** {page, blocks} frozen at publish; NULL exactly when published_at is NULL */
  publishedSnapshot: jsonb('published_snapshot').$type<JsonObject>(),
  publishedAt: tstz('published_at'),
  archivedAt: tstz('archived_at'),
  locked: boolean('locked').notNull().default(false),
  lockedAt: tstz('locked_at'),
  lockedReason: text('locked_reason').$type<LockReason>(),
  /** Read-only after a plan downgrade (resource_locked); unlike `locked` it never changes how the resource is served. */
  editLockedAt: tstz('edit_locked_at'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type BioBlockType =
  'link' | 'header' | 'text' | 'social' | 'image' | 'embed' | 'email_capture' | 'divider';

/** position is a fractional-index key compared bytewise (COLLATE "C"). (page_id, workspace_id) → bio_pages. */
export const bioBlocks = pgTable(
  'bio_blocks',
  {
    id: pk(),
    pageId: uuid('page_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    position: text('position').notNull(),
    type: text('type').$type<BioBlockType>().notNull(),
    data: jsonb('data').$type<JsonObject>().notNull().default({}),
    isVisible: boolean('is_visible').notNull().default(true),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    deletedAt: tstz('deleted_at'),
    rowVersion: rowVersion(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'fk_bio_blocks_page_ws',
      columns: [t.pageId, t.workspaceId],
      foreignColumns: [bioPages.id, bioPages.workspaceId],
    }).onDelete('cascade'),
  ],
);

export const bioPageVersions = pgTable('bio_page_versions', {
  id: pk(),
  pageId: uuid('page_id')
    .notNull()
    .references(() => bioPages.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  version: integer('version').notNull(),
  kind: text('kind').$type<'draft' | 'published' | 'restored'>().notNull().default('draft'),
  draftRevision: integer('draft_revision').notNull(),
  snapshot: jsonb('snapshot').$type<JsonObject>().notNull(),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type LeadStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** Personal data: dashboard-only. email stored lower-case; one live lead per (page, email). */
export const leads = pgTable('leads', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  pageId: uuid('page_id')
    .notNull()
    .references(() => bioPages.id, { onDelete: 'cascade' }),
  blockId: uuid('block_id').references(() => bioBlocks.id, { onDelete: 'set null' }),
  email: text('email').notNull(),
  name: text('name'),
  consentText: text('consent_text'),
  consentedAt: tstz('consented_at'),
  source: jsonb('source').$type<JsonObject>().notNull().default({}),
  /** pending (double opt-in not yet confirmed) | confirmed | unsubscribed (migration 0105). */
  status: text('status').$type<LeadStatus>().notNull().default('confirmed'),
  /** The page's published revision whose consent text the visitor agreed to. */
  pageRevision: integer('page_revision'),
  /** SHA-256 (hex) of the single-use confirmation token; cleared when used. */
  confirmTokenHash: text('confirm_token_hash'),
  confirmExpiresAt: tstz('confirm_expires_at'),
  confirmedAt: tstz('confirmed_at'),
  /** SHA-256 (hex) of the unsubscribe token the first mail carried (later mails' are in lead_unsubscribe_tokens). */
  unsubscribeTokenHash: text('unsubscribe_token_hash'),
  /** When the last confirmation mail left: at most one per window (migration 0177, D-486). */
  confirmMailedAt: tstz('confirm_mailed_at'),
  unsubscribedAt: tstz('unsubscribed_at'),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Unsubscribe tokens of later confirmation mails to a lead: every mailed link keeps working (migration 0177, D-486). */
export const leadUnsubscribeTokens = pgTable('lead_unsubscribe_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  leadId: uuid('lead_id')
    .notNull()
    .references(() => leads.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** An embed's provider thumbnail and title, fetched once by the worker (migration 0206, D-609). */
export const embedThumbnails = pgTable('embed_thumbnails', {
  pageUrl: text('page_url').primaryKey(),
  provider: text('provider').notNull(),
  title: text('title'),
  /** A ResponsiveImage (photos/responsive-image.ts); NULL when the provider had no thumbnail. */
  image: jsonb('image').$type<JsonObject>(),
  fetchedAt: tstz('fetched_at').notNull().defaultNow(),
  failedAt: tstz('failed_at'),
});

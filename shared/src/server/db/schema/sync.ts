import { bigint, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, rowVersion, tstz, updatedAt } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

export const replicacheClientGroups = pgTable('replicache_client_groups', {
  /** Replicache's clientGroupID */
  id: text('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  cvrVersion: integer('cvr_version').notNull().default(0),
  lastPullAt: tstz('last_pull_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const replicacheClients = pgTable('replicache_clients', {
  /** Replicache's clientID */
  id: text('id').primaryKey(),
  clientGroupId: text('client_group_id')
    .notNull()
    .references(() => replicacheClientGroups.id, { onDelete: 'cascade' }),
  lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull().default(0),
  lastModifiedCvrVersion: integer('last_modified_cvr_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Client view record: entries maps a Replicache key ('link/<id>', …) to the row_version the client holds. */
export const replicacheClientViews = pgTable(
  'replicache_client_views',
  {
    clientGroupId: text('client_group_id')
      .notNull()
      .references(() => replicacheClientGroups.id, { onDelete: 'cascade' }),
    cvrVersion: integer('cvr_version').notNull(),
    entries: jsonb('entries').$type<Record<string, number>>().notNull().default({}),
    fingerprint: text('fingerprint'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clientGroupId, t.cvrVersion] })],
);

/** A refused mutation, shown by the client as notice/{id}; dismissal = soft delete. */
export const syncNotices = pgTable('sync_notices', {
  id: pk(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
  clientGroupId: text('client_group_id'),
  clientId: text('client_id'),
  mutationId: bigint('mutation_id', { mode: 'number' }),
  mutationName: text('mutation_name').notNull(),
  code: text('code').notNull(),
  message: text('message').notNull(),
  details: jsonb('details').$type<unknown[]>().notNull().default([]),
  resourceType: text('resource_type'),
  resourceId: uuid('resource_id'),
  resourceTitle: text('resource_title'),
  readAt: tstz('read_at'),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Added by 0100_sync_change_counters.sql (sync engine): per-scope change counters ('ws:<uuid>',
 * 'user:<uuid>', 'system') bumped by triggers on every synced write, so an unchanged pull skips the diff.
 */
export const syncChangeCounters = pgTable('sync_change_counters', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});

import { jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt, type JsonObject } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

/** A read-only shared dashboard link: aggregates of one saved selection; revoked_at ends it. */
export const dashboardShares = pgTable('dashboard_shares', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  selection: jsonb('selection').$type<JsonObject>().notNull(),
  token: text('token').notNull().unique(),
  createdAt: createdAt(),
  revokedAt: tstz('revoked_at'),
});

/** A member's weekly or monthly analytics mail for one workspace. */
export const analyticsReportSubscriptions = pgTable(
  'analytics_report_subscriptions',
  {
    id: pk(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    frequency: text('frequency').$type<'weekly' | 'monthly'>().notNull(),
    lastPeriodStart: tstz('last_period_start'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique().on(t.workspaceId, t.userId)],
);

import { bigint, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { tstz } from './columns';
import { links } from './links';
import { workspaces } from './workspaces';

/** The click total another product counted for a link imported from it (D-631): history, not events. */
export const importedClickTotals = pgTable('imported_click_totals', {
  linkId: uuid('link_id')
    .primaryKey()
    .references(() => links.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  source: text('source').notNull(),
  clicks: bigint('clicks', { mode: 'number' }).notNull(),
  importedAt: tstz('imported_at').notNull().defaultNow(),
});

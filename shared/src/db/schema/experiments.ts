import { boolean, foreignKey, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, pk, tstz, updatedAt, type JsonObject } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

export type ExperimentStatus = 'draft' | 'running' | 'paused' | 'concluded' | 'promoted' | 'archived';

/** At most one running/paused experiment per resource (partial unique index). */
export const experiments = pgTable('experiments', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  resourceType: text('resource_type').$type<'link' | 'bio_page'>().notNull(),
  resourceId: uuid('resource_id').notNull(),
  name: text('name').notNull(),
  status: text('status').$type<ExperimentStatus>().notNull().default('draft'),
  goal: text('goal').$type<'clicks' | 'leads' | 'page_views'>().notNull().default('clicks'),
  startedAt: tstz('started_at'),
  endedAt: tstz('ended_at'),
  /** FK → experiment_variants.id ON DELETE SET NULL (declared in SQL) */
  winnerVariantId: uuid('winner_variant_id'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** weight in basis points 0..10000; key ^[a-z0-9_-]{1,32}$ unique per experiment; at most one control. */
export const experimentVariants = pgTable(
  'experiment_variants',
  {
    id: pk(),
    experimentId: uuid('experiment_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    isControl: boolean('is_control').notNull().default(false),
    weight: integer('weight').notNull(),
    destinationUrl: text('destination_url'),
    payload: jsonb('payload').$type<JsonObject>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'fk_experiment_variants_exp_ws',
      columns: [t.experimentId, t.workspaceId],
      foreignColumns: [experiments.id, experiments.workspaceId],
    }).onDelete('cascade'),
  ],
);

import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
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
  resourceType: text('resource_type').$type<'link' | 'bio_page' | 'qr_code'>().notNull(),
  resourceId: uuid('resource_id').notNull(),
  name: text('name').notNull(),
  status: text('status').$type<ExperimentStatus>().notNull().default('draft'),
  goal: text('goal').$type<'clicks' | 'leads' | 'page_views' | 'conversions'>().notNull().default('clicks'),
  startedAt: tstz('started_at'),
  endedAt: tstz('ended_at'),
  /** FK → experiment_variants.id ON DELETE SET NULL (declared in SQL) */
  winnerVariantId: uuid('winner_variant_id'),
  createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  deletedAt: tstz('deleted_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /** 0140: a change of variants or weights after the start begins a new arm period (data never mixed). */
  armPeriod: integer('arm_period').notNull().default(1),
  armStartedAt: tstz('arm_started_at'),
  appendClickId: boolean('append_click_id').notNull().default(false),
  goalBlockId: uuid('goal_block_id'),
  baselineRate: doublePrecision('baseline_rate').notNull().default(0.1),
  minimumEffect: doublePrecision('minimum_effect').notNull().default(0.2),
  alpha: doublePrecision('alpha').notNull().default(0.05),
  promotedAt: tstz('promoted_at'),
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

/** Visitor-days exposed and converted per (experiment, arm period, variant, UTC day), bots apart. */
export const experimentAssignmentsRollup = pgTable(
  'experiment_assignments_rollup',
  {
    experimentId: uuid('experiment_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    armPeriod: integer('arm_period').notNull(),
    variantId: uuid('variant_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    visitors: bigint('visitors', { mode: 'number' }).notNull().default(0),
    conversions: bigint('conversions', { mode: 'number' }).notNull().default(0),
    botVisitors: bigint('bot_visitors', { mode: 'number' }).notNull().default(0),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.armPeriod, t.variantId, t.day] }),
    foreignKey({
      name: 'fk_experiment_rollup_exp_ws',
      columns: [t.experimentId, t.workspaceId],
      foreignColumns: [experiments.id, experiments.workspaceId],
    }).onDelete('cascade'),
  ],
);

/** One converted visitor-day (the exposure's day and a key derived from the visitor hash). */
export const experimentConversions = pgTable(
  'experiment_conversions',
  {
    experimentId: uuid('experiment_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    armPeriod: integer('arm_period').notNull(),
    variantId: uuid('variant_id').notNull(),
    exposureDay: date('exposure_day', { mode: 'string' }).notNull(),
    visitorKey: text('visitor_key').notNull(),
    source: text('source').$type<'api' | 'lead' | 'click'>().notNull(),
    reports: integer('reports').notNull().default(1),
    firstReportedAt: tstz('first_reported_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.armPeriod, t.exposureDay, t.visitorKey] }),
    foreignKey({
      name: 'fk_experiment_conversions_exp_ws',
      columns: [t.experimentId, t.workspaceId],
      foreignColumns: [experiments.id, experiments.workspaceId],
    }).onDelete('cascade'),
  ],
);

/** The worker's latest analysis of one arm period (shape: schemas/experiments.ts `experimentAnalysisSchema`). */
export const experimentResults = pgTable(
  'experiment_results',
  {
    experimentId: uuid('experiment_id').notNull(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    armPeriod: integer('arm_period').notNull(),
    method: text('method').notNull(),
    analysis: jsonb('analysis').$type<JsonObject>().notNull(),
    srmFlagged: boolean('srm_flagged').notNull().default(false),
    computedAt: tstz('computed_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.experimentId, t.armPeriod] }),
    foreignKey({
      name: 'fk_experiment_results_exp_ws',
      columns: [t.experimentId, t.workspaceId],
      foreignColumns: [experiments.id, experiments.workspaceId],
    }).onDelete('cascade'),
  ],
);

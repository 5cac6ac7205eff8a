import {
  bigint,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { bytea, createdAt, pk, rowVersion, tstz, updatedAt, type JsonObject } from './columns';
import { users } from './identity';
import { workspaces } from './workspaces';

export type AnalyticsEventType = 'click' | 'scan' | 'page_view';
export type AnalyticsResourceType = 'link' | 'qr_code' | 'bio_page' | 'bio_block';

/**
 * Partitioned by day on occurred_at: call `SELECT create_click_events_partition($1::date)` (or
 * `ensure_click_events_partitions(from, to)`) before inserting a day; retention drops partitions with
 * `drop_click_events_partitions_before(date)`. No key: the ingest stores a stream entry's events once
 * through `ingest_stream_entries` (D-443). `id` is written by the ingest and not indexed. No raw IP or
 * User-Agent column exists.
 */
export const clickEvents = pgTable('click_events', {
  id: uuid('id')
    .notNull()
    .default(sql`uuid_generate_v7()`),
  occurredAt: tstz('occurred_at').notNull(),
  eventType: text('event_type').$type<AnalyticsEventType>().notNull(),
  workspaceId: uuid('workspace_id').notNull(),
  resourceType: text('resource_type').$type<AnalyticsResourceType>().notNull(),
  resourceId: uuid('resource_id').notNull(),
  parentResourceId: uuid('parent_resource_id'),
  visitorHash: bytea('visitor_hash').notNull(),
  uaHash: bytea('ua_hash'),
  countryCode: text('country_code'),
  regionCode: text('region_code'),
  deviceType: text('device_type'),
  osFamily: text('os_family'),
  browserFamily: text('browser_family'),
  referrerHost: text('referrer_host'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmTerm: text('utm_term'),
  utmContent: text('utm_content'),
  variantId: uuid('variant_id'),
  /** 1 live, 2 last good, 3 holding page, 4 generic page */
  fallbackStage: smallint('fallback_stage'),
  isBot: boolean('is_bot').notNull().default(false),
  /** primary Accept-Language subtag (`de`) */
  language: text('language'),
});

/**
 * The `clicks:raw` entries (`{entry_ms}-{entry_seq}`) whose events are stored, written in the same
 * transaction as the events: a redelivered entry is skipped whole (D-443). Rows of entries older than
 * the stream's first are pruned by the fold task.
 */
export const ingestStreamEntries = pgTable(
  'ingest_stream_entries',
  {
    entryMs: bigint('entry_ms', { mode: 'number' }).notNull(),
    entrySeq: bigint('entry_seq', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryMs, t.entrySeq] })],
);

/** dimension 'all' + value '' = totals. Upsert by increment on the primary key. */
export const analyticsRollupHourly = pgTable(
  'analytics_rollup_hourly',
  {
    workspaceId: uuid('workspace_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    /** start of a UTC hour */
    bucketStart: tstz('bucket_start').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull().default(''),
    resourceType: text('resource_type').$type<AnalyticsResourceType>().notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    scans: bigint('scans', { mode: 'number' }).notNull().default(0),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    botEvents: bigint('bot_events', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.resourceId, t.bucketStart, t.dimension, t.value] })],
);

/** The dimension 'all' rows of analytics_rollup_hourly summed per (workspace, UTC hour): whole-workspace timeseries. */
export const analyticsRollupWorkspaceHourly = pgTable(
  'analytics_rollup_workspace_hourly',
  {
    workspaceId: uuid('workspace_id').notNull(),
    /** start of a UTC hour */
    bucketStart: tstz('bucket_start').notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    scans: bigint('scans', { mode: 'number' }).notNull().default(0),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    botEvents: bigint('bot_events', { mode: 'number' }).notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.bucketStart] })],
);

export const analyticsRollupDaily = pgTable(
  'analytics_rollup_daily',
  {
    workspaceId: uuid('workspace_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    /** midnight UTC */
    bucketStart: tstz('bucket_start').notNull(),
    dimension: text('dimension').notNull(),
    value: text('value').notNull().default(''),
    resourceType: text('resource_type').$type<AnalyticsResourceType>().notNull(),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    scans: bigint('scans', { mode: 'number' }).notNull().default(0),
    pageViews: bigint('page_views', { mode: 'number' }).notNull().default(0),
    botEvents: bigint('bot_events', { mode: 'number' }).notNull().default(0),
    uniqueVisitors: bigint('unique_visitors', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.resourceId, t.bucketStart, t.dimension, t.value] })],
);

/** One row per (resource, UTC day, visitor); insert ON CONFLICT DO NOTHING, count(*) = uniques. */
export const analyticsUniqueVisitorDays = pgTable(
  'analytics_unique_visitor_days',
  {
    workspaceId: uuid('workspace_id').notNull(),
    resourceId: uuid('resource_id').notNull(),
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    visitorHash: bytea('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.eventDate, t.visitorHash] })],
);

/** Synced to the editor as summary/{resourceId}; unique per resource_id. */
export const analyticsSummaries = pgTable('analytics_summaries', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  resourceType: text('resource_type').$type<'link' | 'qr_code' | 'bio_page'>().notNull(),
  resourceId: uuid('resource_id').notNull(),
  clicks7d: bigint('clicks_7d', { mode: 'number' }).notNull().default(0),
  clicks30d: bigint('clicks_30d', { mode: 'number' }).notNull().default(0),
  scans7d: bigint('scans_7d', { mode: 'number' }).notNull().default(0),
  scans30d: bigint('scans_30d', { mode: 'number' }).notNull().default(0),
  pageViews7d: bigint('page_views_7d', { mode: 'number' }).notNull().default(0),
  pageViews30d: bigint('page_views_30d', { mode: 'number' }).notNull().default(0),
  uniqueVisitors7d: bigint('unique_visitors_7d', { mode: 'number' }).notNull().default(0),
  uniqueVisitors30d: bigint('unique_visitors_30d', { mode: 'number' }).notNull().default(0),
  totalEvents: bigint('total_events', { mode: 'number' }).notNull().default(0),
  /** The last 14 days in the workspace's zone, oldest first, today last. */
  dailyCounts: jsonb('daily_counts').$type<{ day: string; count: number }[]>().notNull().default([]),
  lastEventAt: tstz('last_event_at'),
  computedAt: tstz('computed_at').notNull().defaultNow(),
  deletedAt: tstz('deleted_at'),
  rowVersion: rowVersion(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type ExportJobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'expired';

export const exportJobs = pgTable('export_jobs', {
  id: pk(),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
  kind: text('kind').$type<'analytics_csv' | 'leads_csv' | 'workspace_data' | 'qr_batch'>().notNull(),
  params: jsonb('params').$type<JsonObject>().notNull().default({}),
  status: text('status').$type<ExportJobStatus>().notNull().default('queued'),
  progress: smallint('progress').notNull().default(0),
  rowCount: bigint('row_count', { mode: 'number' }),
  storageKey: text('storage_key'),
  contentType: text('content_type'),
  byteSize: bigint('byte_size', { mode: 'number' }),
  error: text('error'),
  startedAt: tstz('started_at'),
  finishedAt: tstz('finished_at'),
  expiresAt: tstz('expires_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The filterable dimensions of the cubes, each '' when unknown (shared/src/server/analytics/cube.ts). */
const cubeDimensions = () => ({
  country: text('country').notNull().default(''),
  region: text('region').notNull().default(''),
  deviceType: text('device_type').notNull().default(''),
  osFamily: text('os_family').notNull().default(''),
  browserFamily: text('browser_family').notNull().default(''),
  referrerHost: text('referrer_host').notNull().default(''),
  utmSource: text('utm_source').notNull().default(''),
  utmMedium: text('utm_medium').notNull().default(''),
  utmCampaign: text('utm_campaign').notNull().default(''),
  language: text('language').notNull().default(''),
  variant: text('variant').notNull().default(''),
  clicks: integer('clicks').notNull().default(0),
  scans: integer('scans').notNull().default(0),
  pageViews: integer('page_views').notNull().default(0),
});

/** Human events per (workspace, resource, UTC hour, combination of every filterable value): filtered views (D-330). */
export const analyticsCubeHourly = pgTable('analytics_cube_hourly', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: uuid('workspace_id').notNull(),
  resourceId: uuid('resource_id').notNull(),
  /** start of a UTC hour */
  bucketStart: tstz('bucket_start').notNull(),
  ...cubeDimensions(),
});

/** analytics_cube_hourly summed over the workspace's resources: workspace-wide filtered views. */
export const analyticsCubeWorkspaceHourly = pgTable('analytics_cube_workspace_hourly', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  workspaceId: uuid('workspace_id').notNull(),
  /** start of a UTC hour */
  bucketStart: tstz('bucket_start').notNull(),
  ...cubeDimensions(),
});

/** One row: the daily rollups are complete before folded_through; later days are read from the hourly rows (D-437). */
export const analyticsFoldState = pgTable('analytics_fold_state', {
  id: boolean('id').primaryKey().default(true),
  foldedThrough: tstz('folded_through').notNull(),
});

/** One row: every hour before built_through is in the cubes; later hours are read from raw events. */
export const analyticsCubeState = pgTable('analytics_cube_state', {
  id: boolean('id').primaryKey().default(true),
  builtThrough: tstz('built_through'),
});

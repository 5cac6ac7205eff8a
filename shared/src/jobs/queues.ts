import { z } from 'zod';

/**
 * Every BullMQ queue, with the zod schema of its job data, as data (DESIGN §1). Producers
 * (sync-server, edge) and the worker read this one table, so a job shape is declared once.
 * Queue names are kebab-case; job data is snake_case JSON.
 */
export const QUEUES = {
  /** Re-derive hourly/daily rollups for one hour of click events. */
  'analytics-rollup': z.object({ hour: z.iso.datetime({ offset: true }) }),
  /** Render and store the print artifact of one QR code version. */
  'qr-render': z.object({
    qr_code_id: z.uuid(),
    version: z.int().min(1),
    format: z.enum(['svg', 'png', 'pdf', 'eps']),
    size_mm: z.number().positive().max(2_000).optional(),
    dpi: z.int().min(72).max(2_400).optional(),
  }),
  /** Rewrite the edge's Redis entry for one host/slug or bio handle from PostgreSQL. */
  'cache-refresh': z.object({
    kind: z.enum(['link', 'qr', 'page', 'domain']),
    host: z.string().min(1),
    key: z.string().min(1),
  }),
  /** One DNS TXT check of a custom domain; the processor re-enqueues with backoff until verified. */
  'domain-verify': z.object({ domain_id: z.uuid(), attempt: z.int().min(1) }),
  /** Deliver one outgoing webhook event to one endpoint. */
  'webhook-deliver': z.object({ endpoint_id: z.uuid(), event_id: z.uuid() }),
  /** Build a CSV export of a workspace's data. */
  export: z.object({
    workspace_id: z.uuid(),
    export_id: z.uuid(),
    /** `qr_batch`: many QR print files in one ZIP with a manifest CSV (params in export_jobs.params). */
    kind: z.enum(['links', 'qr_codes', 'analytics', 'leads', 'qr_batch']),
  }),
  /** Scheduled analytics upkeep: partitions ahead, hourly→daily fold, 3-day reconciliation, retention, summaries. */
  'analytics-maintenance': z.object({
    task: z.enum(['partitions', 'fold', 'reconcile', 'retention', 'summaries']),
  }),
  /** Replicache garbage: old client view records and client groups that stopped pulling. */
  'sync-gc': z.object({
    keep_views: z.int().min(1).max(100).default(5),
    idle_days: z.int().min(1).max(3650).default(90),
  }),
  /** Drop click-event partitions and leads past the retention window. */
  retention: z.object({ before: z.iso.datetime({ offset: true }) }),
} as const;

export type QueueName = keyof typeof QUEUES;
export type JobData<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]>;

export const QUEUE_NAMES = Object.keys(QUEUES).filter(isQueueName);

export function isQueueName(value: unknown): value is QueueName {
  return typeof value === 'string' && Object.hasOwn(QUEUES, value);
}

/** BullMQ's own key prefix under a deployment/test prefix: `{prefix}bull`. */
export function bullPrefix(redisPrefix: string): string {
  return `${redisPrefix}bull`;
}

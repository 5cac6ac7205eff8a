import { z } from 'zod';
import { emailSchema } from '../schemas/common';

const canonicalHostArg = z.string().min(1).max(253);

/** What a cache-refresh job rebuilds (shared/src/server/cache/refresh.ts does the work). */
export const cacheRefreshTargetSchema = z.discriminatedUnion('kind', [
  /** `rd:{host}:{slug}` (and its miss key). */
  z.object({ kind: z.literal('redirect'), host: canonicalHostArg, slug: z.string().min(1).max(200) }),
  /** `dom:host:{host}`. */
  z.object({ kind: z.literal('domain'), host: canonicalHostArg }),
  /** `page:{host}:{handle}`. */
  z.object({ kind: z.literal('page'), host: canonicalHostArg, handle: z.string().min(1).max(64) }),
  /** `page:{host}:/`, a custom domain's root page. */
  z.object({ kind: z.literal('root_page'), host: canonicalHostArg }),
  /** Every key of one resource: its address, its page, or (domain, workspace) everything under it. */
  z.object({
    kind: z.literal('resource'),
    resource_type: z.enum(['link', 'qr_code', 'bio_page', 'domain', 'workspace']),
    id: z.uuid(),
  }),
]);
export type CacheRefreshTarget = z.infer<typeof cacheRefreshTargetSchema>;

/**
 * Every BullMQ queue, with the zod schema of its job data, as data (ARCHITECTURE.md#the-layers). Producers
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
  /**
   * Rebuild the edge's Redis entries from PostgreSQL (belt and braces after every command's
   * write-through, and the repair path): one key by its address, or every key of one resource.
   */
  'cache-refresh': cacheRefreshTargetSchema,
  /**
   * One DNS check of a custom domain (its TXT token or a CNAME to the link host); the processor
   * re-enqueues with backoff until verified. `recheck`: the scheduled re-verification of a verified
   * domain (a failure marks it lapsed and tells the owner; it keeps serving).
   */
  'domain-verify': z.object({
    domain_id: z.uuid(),
    attempt: z.int().min(1),
    recheck: z.literal(true).optional(),
  }),
  /**
   * ACME for one custom domain: `issue` (first certificate, or again after a failure), `renew`
   * (ahead of expiry), `revoke` (the domain was removed). Retries are scheduled by the processor
   * (rate-limit aware), not by BullMQ.
   */
  'domain-certificate': z.object({
    domain_id: z.uuid(),
    action: z.enum(['issue', 'renew', 'revoke']),
    attempt: z.int().min(1),
  }),
  /** Hourly: certificates due for renewal or retry, and verified domains due for their daily re-check. */
  'domain-upkeep': z.object({}),
  /** Roll up and analyse experiments: every running or paused one, or the one named. */
  'experiment-results': z.object({ experiment_id: z.uuid().optional() }),
  /** Deliver one outgoing webhook event to one endpoint. */
  'webhook-deliver': z.object({ endpoint_id: z.uuid(), event_id: z.uuid() }),
  /** Turn an endpoint's buffered traffic events of one type into deliveries of up to 100 (D-632). */
  'webhook-batch': z.object({
    endpoint_id: z.uuid(),
    event_type: z.enum(['link.clicked', 'qr.scanned', 'page.viewed']),
  }),
  /** Every 5 minutes: re-enqueue webhook deliveries whose job never reached the queue (the outbox's second chance). */
  'webhook-sweep': z.object({}),
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
  /** Every 30 s: capped links' edge counters into `links.click_count`, and the end of those used up (D-616). */
  'link-click-flush': z.object({}),
  /** Delete rendered QR files in the artifact store that no qr_render_artifacts row points at (nightly). */
  'artifact-sweep': z.object({ grace_minutes: z.int().min(10).max(10_080).default(60) }),
  /**
   * One sign-up from a bio page's email block, enqueued by the edge (which never writes
   * PostgreSQL): the worker stores the lead with the consent text the visitor was shown and the
   * page's published revision, mails the confirmation link (double opt-in), and counts the
   * conversion. The data holds an address: the job is removed once handled (QUEUE_JOB_OPTIONS), and
   * its id (leadCaptureJobId) lets erasure remove one still waiting.
   */
  'lead-capture': z.strictObject({
    workspace_id: z.uuid(),
    page_id: z.uuid(),
    block_id: z.string().min(1).max(64),
    email: emailSchema,
    consent_text: z.string().min(1).max(1000),
    page_revision: z.int().min(1).nullable(),
    double_opt_in: z.boolean(),
    submitted_at: z.iso.datetime({ offset: true }),
    /** The edge request that took the sign-up, logged with the worker's processing (DECISIONS D-313). */
    request_id: z
      .string()
      .regex(/^[\w-]{1,64}$/)
      .optional(),
    /** The `lh_click` of the visit that reached the page through a link or QR code test: the sign-up converts it (D-321). */
    click_id: z.string().min(1).max(200).optional(),
  }),
  /**
   * After a publish with an embed whose thumbnail is not stored yet: fetch the provider's oEmbed
   * thumbnail and title, store them as photo variants, and add them to the published snapshot (D-609).
   */
  'embed-thumbnail': z.object({ page_id: z.uuid() }),
  /** Hourly: delete unconfirmed (double opt-in) leads whose confirmation link has expired. */
  'lead-expiry': z.object({}),
  /** Hourly: mail the weekly and monthly analytics reports that became due. */
  'analytics-report': z.object({}),
  /** Fill a link's empty card fields from its destination's own og:* tags (D-625). */
  'link-preview-fetch': z.object({ link_id: z.uuid(), destination_url: z.string().min(1).max(4096) }),
  /** Drop click-event partitions and leads past the retention window. */
  retention: z.object({ before: z.iso.datetime({ offset: true }) }),
} as const;

export type QueueName = keyof typeof QUEUES;

/**
 * Job options that differ from the producer's defaults, per queue. Jobs whose data holds an email
 * address keep none of it once handled (as the account-mail queue does), and a failed one a day at
 * most; webhook deliveries retry for about a day.
 */
export type QueueJobOptions = {
  attempts?: number;
  backoff?: { type: 'exponential'; delay: number; jitter?: number };
  removeOnComplete?: true | { count: number };
  removeOnFail?: { age: number } | { count: number };
};

export const QUEUE_JOB_OPTIONS: { readonly [Q in QueueName]?: QueueJobOptions } = {
  'lead-capture': { removeOnComplete: true, removeOnFail: { age: 24 * 60 * 60 } },
  /**
   * Webhook deliveries retry for about a day: 12 attempts, exponential from 45 s with ±50 % jitter
   * (45 s × (2¹¹ − 1) ≈ 25.6 h in all), then the delivery is dead-lettered.
   */
  'webhook-deliver': { attempts: 12, backoff: { type: 'exponential', delay: 45_000, jitter: 0.5 } },
  'webhook-batch': { attempts: 5, removeOnComplete: true, removeOnFail: { count: 1000 } },
};

export type JobData<Q extends QueueName> = z.infer<(typeof QUEUES)[Q]>;

export const QUEUE_NAMES = Object.keys(QUEUES).filter(isQueueName);

export function isQueueName(value: unknown): value is QueueName {
  return typeof value === 'string' && Object.hasOwn(QUEUES, value);
}

/**
 * BullMQ's own key prefix under a deployment/test prefix, as a Redis hash tag: `{<prefix>bull}`.
 * BullMQ's scripts touch several keys of a queue at once; the tag keeps them all in one slot of a
 * Redis Cluster (D-360), and costs nothing on a single Redis.
 */
export function bullPrefix(redisPrefix: string): string {
  return `{${redisPrefix}bull}`;
}

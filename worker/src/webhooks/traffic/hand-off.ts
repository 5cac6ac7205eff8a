import type pg from 'pg';
import { rows } from '@linkhub/shared/server/db/sql';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { TRAFFIC_EVENTS, type TrafficEvent } from '@linkhub/shared/webhooks/events';
import {
  WEBHOOK_BATCH_MAX,
  WEBHOOK_BATCH_WINDOW_MS,
  type TrafficEventData,
} from '@linkhub/shared/webhooks/traffic-events';
import type { ClickRow } from '../../ingest/click-row';
import { trafficEventOf } from './traffic-event';

/** How long a workspace's list of traffic endpoints is trusted (a new endpoint hears within this; D-633). */
export const LISTENERS_CACHE_MS = 10_000;

type Listener = { id: string; events: string[]; resource_ids: string[] | null };

export type TrafficHandOffDeps = {
  pool: pg.Pool;
  jobs: { enqueueAll: (jobs: readonly JobRequest[]) => Promise<void> };
  logger: Pick<Logger, 'warn'>;
};

export type TrafficHandOffOptions = {
  batchMax?: number;
  windowMs?: number;
  cacheMs?: number;
  now?: () => number;
};

export type TrafficHandOff = {
  /** Called with a committed ingest batch's rows; returns at once (the work runs behind it, in order). */
  offer(rows: readonly ClickRow[]): void;
  /** Resolves once every offered batch is buffered and its flush jobs enqueued. */
  settled(): Promise<void>;
};

const listens = (l: Listener, e: TrafficEventData): boolean =>
  l.events.includes(e.type) &&
  (l.resource_ids === null ||
    l.resource_ids.includes(e.resource.id) ||
    (e.resource.parent_id !== null && l.resource_ids.includes(e.resource.parent_id)));

/**
 * The ingest's hand-off to event webhooks (D-632): after a batch committed, one cached look per
 * workspace for active webhook endpoints subscribed to a traffic event; only when one exists are the
 * matching events (no bots, no IP, no User-Agent) buffered per endpoint, with one multi-row insert,
 * and a `webhook-batch` job enqueued per endpoint and type — at the end of the current window, or
 * at once when the endpoint's buffer holds a full batch. The ingest never waits for any of it.
 */
export function createTrafficHandOff(
  deps: TrafficHandOffDeps,
  options: TrafficHandOffOptions = {},
): TrafficHandOff {
  const batchMax = options.batchMax ?? WEBHOOK_BATCH_MAX;
  const windowMs = options.windowMs ?? WEBHOOK_BATCH_WINDOW_MS;
  const cacheMs = options.cacheMs ?? LISTENERS_CACHE_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; listeners: Listener[] }>();
  let chain: Promise<void> = Promise.resolve();

  async function listenersOf(workspaceIds: string[]): Promise<Map<string, Listener[]>> {
    const at = now();
    const found = new Map<string, Listener[]>();
    const missing: string[] = [];
    for (const id of workspaceIds) {
      const hit = cache.get(id);
      if (hit && at - hit.at < cacheMs) found.set(id, hit.listeners);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const listed = await rows<Listener & { workspace_id: string }>(
      deps.pool,
      `SELECT id, workspace_id, events, resource_ids::text[] AS resource_ids FROM webhook_endpoints
        WHERE workspace_id = ANY ($1::uuid[]) AND kind = 'webhook' AND status = 'active' AND deleted_at IS NULL
          AND events && $2::text[]`,
      [missing, [...TRAFFIC_EVENTS]],
    );
    for (const id of missing) {
      const listeners = listed.filter((l) => l.workspace_id === id);
      cache.set(id, { at, listeners });
      found.set(id, listeners);
    }
    return found;
  }

  async function buffer(batch: readonly ClickRow[]): Promise<void> {
    const workspaces = [...new Set(batch.map((r) => r.subject.workspace_id))];
    const listening = await listenersOf(workspaces);
    // One buffer row per endpoint and type: the events as one JSON array, built here as text.
    const grouped = new Map<
      string,
      { endpointId: string; workspaceId: string; type: string; events: string[] }
    >();
    for (const row of batch) {
      const listeners = listening.get(row.subject.workspace_id);
      if (listeners === undefined || listeners.length === 0) continue;
      const event = trafficEventOf(row);
      if (event === null) continue;
      let json: string | null = null;
      for (const l of listeners) {
        if (!listens(l, event)) continue;
        json ??= JSON.stringify(event);
        const key = `${l.id}|${event.type}`;
        const group = grouped.get(key);
        if (group) group.events.push(json);
        else
          grouped.set(key, {
            endpointId: l.id,
            workspaceId: row.subject.workspace_id,
            type: event.type,
            events: [json],
          });
      }
    }
    if (grouped.size === 0) return;
    const groups = [...grouped.values()];
    // The buffer's count in the same statement does not see this insert's rows: they are added.
    const counted = await rows<{ endpoint_id: string; event_type: TrafficEvent; n: number }>(
      deps.pool,
      `WITH added AS (
         INSERT INTO webhook_event_buffer (endpoint_id, workspace_id, event_type, events, n)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::int[])
         RETURNING endpoint_id, event_type, n)
       SELECT endpoint_id, event_type,
              n + (SELECT coalesce(sum(b.n), 0)::int FROM webhook_event_buffer b
                    WHERE b.endpoint_id = added.endpoint_id AND b.event_type = added.event_type) AS n
         FROM added`,
      [
        groups.map((g) => g.endpointId),
        groups.map((g) => g.workspaceId),
        groups.map((g) => g.type),
        groups.map((g) => `[${g.events.join(',')}]`),
        groups.map((g) => g.events.length),
      ],
    );
    const at = now();
    const windowIndex = Math.floor(at / windowMs);
    const jobs: JobRequest[] = [];
    for (const c of counted) {
      const data = { endpoint_id: c.endpoint_id, event_type: c.event_type };
      const key = `whb-${c.endpoint_id}-${c.event_type.replace('.', '_')}`;
      jobs.push({
        queue: 'webhook-batch',
        name: 'webhook-batch',
        data,
        jobId: `${key}-${windowIndex}`,
        delayMs: (windowIndex + 1) * windowMs - at,
      });
      if (c.n >= batchMax)
        jobs.push({ queue: 'webhook-batch', name: 'webhook-batch', data, jobId: `${key}-full-${at}` });
    }
    await deps.jobs.enqueueAll(jobs);
  }

  return {
    offer(batch) {
      if (batch.length === 0) return;
      chain = chain
        .then(() => buffer(batch))
        .catch((error: unknown) =>
          deps.logger.warn(
            { err: { message: error instanceof Error ? error.message : String(error) } },
            'traffic events not handed to webhooks',
          ),
        );
    },
    settled: () => chain,
  };
}

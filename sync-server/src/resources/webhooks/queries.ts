import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { WebhookEvent } from '@linkhub/shared/webhooks/events';
import type {
  DeliveryStatus,
  EndpointKind,
  WebhookDelivery,
  WebhookEndpoint,
} from '@linkhub/shared/webhooks/schemas';
import { decodeCursor } from '../../http/cursor';
import { cursorColumn } from '../../http/list-sql';

type EndpointRecord = {
  id: string;
  workspace_id: string;
  kind: EndpointKind;
  url: string;
  description: string | null;
  events: WebhookEvent[];
  page_id: string | null;
  resource_ids: string[] | null;
  config: { list_id?: string; form_id?: string };
  status: 'active' | 'disabled';
  disabled_reason: string | null;
  consecutive_failures: number;
  secret_last4: string | null;
  secret_rotated_at: Date | null;
  previous_secret_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

const ENDPOINT = `SELECT id, workspace_id, kind, url, description, events, page_id, resource_ids, config, status, disabled_reason,
       consecutive_failures, secret_last4, secret_rotated_at,
       CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at,
       created_at, updated_at
  FROM webhook_endpoints`;

export function serializeEndpoint(row: EndpointRecord): WebhookEndpoint {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    kind: row.kind,
    url: row.url,
    description: row.description,
    events: row.events,
    page_id: row.page_id,
    resource_ids: row.resource_ids,
    config: row.config,
    status: row.status,
    disabled_reason: row.disabled_reason,
    consecutive_failures: row.consecutive_failures,
    secret_last4: row.secret_last4,
    secret_rotated_at: iso(row.secret_rotated_at),
    previous_secret_expires_at: iso(row.previous_secret_expires_at),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** The workspace's endpoints, newest first (a workspace has a handful: no pagination needed). */
export async function listEndpoints(db: Queryable, workspaceId: string): Promise<WebhookEndpoint[]> {
  const found = await rows<EndpointRecord>(
    db,
    `${ENDPOINT} WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT 200`,
    [workspaceId],
  );
  return found.map(serializeEndpoint);
}

export async function findEndpoint(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<WebhookEndpoint | undefined> {
  const row = await one<EndpointRecord>(
    db,
    `${ENDPOINT} WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [id, workspaceId],
  );
  return row && serializeEndpoint(row);
}

type DeliveryRecord = {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: WebhookEvent;
  status: DeliveryStatus;
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  latency_ms: number | null;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
  replays: number;
  created_at: Date;
  cursor_at: string;
};

export function serializeDelivery(row: DeliveryRecord): WebhookDelivery {
  return {
    id: row.id,
    endpoint_id: row.endpoint_id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    latency_ms: row.latency_ms,
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
    replays: row.replays,
    created_at: row.created_at.toISOString(),
  };
}

/** One endpoint's delivery log, newest first, cursor-paginated (limit + 1 rows: `pageOf` cuts). */
export async function listDeliveries(
  db: Queryable,
  endpointId: string,
  q: { limit: number; cursor?: string | undefined; status?: DeliveryStatus | undefined },
): Promise<DeliveryRecord[]> {
  const cursor = decodeCursor(q.cursor);
  const values: unknown[] = [endpointId, q.limit + 1];
  const where = ['d.endpoint_id = $1'];
  if (q.status !== undefined) {
    values.push(q.status);
    where.push(`d.status = $${values.length}`);
  }
  if (cursor) {
    values.push(cursor.t, cursor.id);
    where.push(`(d.created_at, d.id) < ($${values.length - 1}::timestamptz, $${values.length}::uuid)`);
  }
  return rows<DeliveryRecord>(
    db,
    `SELECT d.id, d.endpoint_id, d.event_id, d.event_type, d.status, d.attempts, d.last_status_code, d.last_error,
            d.latency_ms, d.last_attempt_at, d.delivered_at, d.replays, d.created_at, ${cursorColumn('d')}
       FROM webhook_deliveries d WHERE ${where.join(' AND ')}
      ORDER BY d.created_at DESC, d.id DESC LIMIT $2`,
    values,
  );
}

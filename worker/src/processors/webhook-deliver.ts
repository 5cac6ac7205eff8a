import type { webhookEndpoints } from '@linkhub/shared/server/db/schema/assets';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { one } from '@linkhub/shared/server/db/sql';
import {
  EVENT_ID_HEADER,
  SIGNATURE_HEADER,
  signatureHeader,
} from '@linkhub/shared/server/webhooks/signature';
import { espRequest, leadEmailOf } from '../leads/esp-adapters';
import { safePost, type PostOutcome } from '../webhooks/safe-post';
import type { Job } from 'bullmq';
import type { JobData } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import type { Processor } from './processor';

/** An endpoint is disabled after this many deliveries in a row ended dead-lettered; its owner is mailed. */
export const DISABLE_AFTER_DEAD = 5;

type Delivery = {
  id: string;
  status: string;
  payload: unknown;
  event_id: string;
  url: string;
  secret_ciphertext: string;
  previous_secret_ciphertext: string | null;
  kind: 'webhook' | 'mailchimp' | 'convertkit';
  endpoint_status: string;
  endpoint_deleted: boolean;
  workspace_id: string;
};

export type DeliveryOutcome =
  | { result: 'skipped'; reason: 'gone' | 'done' | 'endpoint_disabled' }
  | { result: 'delivered'; status: number }
  | { result: 'dead'; disabled: boolean };

/** Thrown to let BullMQ retry (exponential backoff with jitter, QUEUE_JOB_OPTIONS); its message holds no payload. */
export class DeliveryFailed extends Error {}

/**
 * `webhook-deliver {endpoint_id, event_id}`: one signed POST of one stored event to one endpoint
 *. The body is the stored payload's JSON, signed with the endpoint's secret over
 * `timestamp.body` (LinkHub-Signature) and carrying the event id (LinkHub-Event-Id); it goes through
 * safePost (no inside address, no redirect, deadline, response cap). A failure is recorded and
 * retried by BullMQ for about a day; the last failure dead-letters the delivery (status `dead`), and
 * after DISABLE_AFTER_DEAD dead deliveries in a row the endpoint is disabled and its owner mailed.
 * A delivery erased meanwhile (lead erasure) is simply gone.
 */
export async function deliverWebhook(
  data: JobData<'webhook-deliver'>,
  job: Job,
  deps: WorkerDeps,
): Promise<DeliveryOutcome> {
  const row = await one<Delivery>(
    deps.pool,
    `SELECT d.id, d.status, d.payload, d.event_id, e.url, e.secret_ciphertext, e.kind, e.status AS endpoint_status,
            CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_ciphertext END AS previous_secret_ciphertext,
            e.deleted_at IS NOT NULL AS endpoint_deleted, e.workspace_id
       FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.endpoint_id = $1 AND d.event_id = $2`,
    [data.endpoint_id, data.event_id],
  );
  if (!row) return { result: 'skipped', reason: 'gone' };
  if (row.status === 'succeeded' || row.status === 'dead') return { result: 'skipped', reason: 'done' };
  if (row.endpoint_deleted || row.endpoint_status !== 'active') {
    await deps.pool.query(
      "UPDATE webhook_deliveries SET status = 'failed', last_error = 'endpoint_disabled', next_attempt_at = NULL WHERE id = $1",
      [row.id],
    );
    return { result: 'skipped', reason: 'endpoint_disabled' };
  }
  const started = performance.now();
  const outcome = await send(row, deps);
  const latency = Math.round(performance.now() - started);
  if (outcome.kind === 'delivered') {
    await deps.pool.query(
      `UPDATE webhook_deliveries SET status = 'succeeded', attempts = attempts + 1, last_status_code = $2, last_error = NULL,
              delivered_at = now(), next_attempt_at = NULL, latency_ms = $3, last_attempt_at = now() WHERE id = $1`,
      [row.id, outcome.status, latency],
    );
    await deps.pool.query(
      'UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures > 0',
      [data.endpoint_id],
    );
    return { result: 'delivered', status: outcome.status };
  }
  const attempts = job.opts.attempts ?? 1;
  const last = job.attemptsMade + 1 >= attempts;
  await deps.pool.query(
    `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, last_status_code = $3, last_error = $4,
            next_attempt_at = CASE WHEN $2 = 'dead' THEN NULL ELSE now() END, latency_ms = $5, last_attempt_at = now() WHERE id = $1`,
    [row.id, last ? 'dead' : 'failed', outcome.status, outcome.reason, latency],
  );
  if (!last)
    throw new DeliveryFailed(
      `delivery failed: ${outcome.reason}${outcome.status === null ? '' : ` ${outcome.status}`}`,
    );
  const endpoint = await one<RowOf<typeof webhookEndpoints, 'consecutiveFailures' | 'status'>>(
    deps.pool,
    `UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1,
            status = CASE WHEN consecutive_failures + 1 >= $2 THEN 'disabled' ELSE status END,
            disabled_reason = CASE WHEN consecutive_failures + 1 >= $2 THEN 'failing' ELSE disabled_reason END
      WHERE id = $1 RETURNING consecutive_failures, status`,
    [data.endpoint_id, DISABLE_AFTER_DEAD],
  );
  const disabled = endpoint?.status === 'disabled' && endpoint.consecutive_failures === DISABLE_AFTER_DEAD;
  if (disabled) await tellOwner(deps, row.workspace_id, row.url);
  return { result: 'dead', disabled };
}

export const webhookDeliver: Processor<'webhook-deliver'> = deliverWebhook;

/**
 * One attempt: a webhook gets the stored payload signed with every live secret (the current one,
 * and the previous one while a rotation's overlap lasts); an ESP adapter gets its provider's
 * subscribe call for the lead's address, authenticated with the user's API key. Both through
 * safePost, so neither can reach an inside address.
 */
async function send(row: Delivery, deps: WorkerDeps): Promise<PostOutcome> {
  const secret = deps.secrets.open(row.secret_ciphertext).toString('utf8');
  if (row.kind !== 'webhook') {
    const email = leadEmailOf(row.payload);
    if (email === null) return { kind: 'failed', status: null, reason: 'bad_url' };
    const request = espRequest(row.kind, row.url, secret, email);
    return safePost(
      request.url,
      request.body,
      { ...request.headers, 'User-Agent': 'LinkHub-Webhooks/1' },
      { ...deps.webhookNetwork, method: request.method },
    );
  }
  const secrets =
    row.previous_secret_ciphertext === null
      ? [secret]
      : [secret, deps.secrets.open(row.previous_secret_ciphertext).toString('utf8')];
  const body = JSON.stringify(row.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  return safePost(
    row.url,
    body,
    {
      'Content-Type': 'application/json',
      'User-Agent': 'LinkHub-Webhooks/1',
      [EVENT_ID_HEADER]: row.event_id,
      [SIGNATURE_HEADER]: signatureHeader(secrets, timestamp, body),
    },
    deps.webhookNetwork,
  );
}

async function tellOwner(
  deps: Parameters<Processor<'webhook-deliver'>>[2],
  workspaceId: string,
  url: string,
): Promise<void> {
  const owner = await one<{ email: string; name: string }>(
    deps.pool,
    `SELECT u.email, w.name FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id AND m.role = 'owner' AND m.deleted_at IS NULL
       JOIN users u ON u.id = m.user_id WHERE w.id = $1`,
    [workspaceId],
  );
  if (!owner) return;
  const host = new URL(url).host;
  await deps.mailer.send({
    to: owner.email,
    subject: `A webhook endpoint of ${owner.name} was turned off`,
    text: `Deliveries to ${host} failed for about a day, ${DISABLE_AFTER_DEAD} times in a row, so LinkHub stopped sending to it.\n\nFix the receiver, then turn the endpoint on again in the workspace's webhook settings. Failed deliveries are kept in its delivery log and can be sent again.\n`,
  });
}

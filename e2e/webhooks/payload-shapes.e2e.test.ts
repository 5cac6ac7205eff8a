// Drives the real sync-server's /v1 and the worker's event recorders together (e2e may import every service).
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { webhookPayloadSchema, type WebhookEvent } from '@linkhub/shared/webhooks/events';
import { PASSWORD } from '../../sync-server/src/testing/accounts-kit';
import { ALL_SCOPES, startV1Kit, type Envelope, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { closeWorkerDeps, createWorkerDeps, type WorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { leadCapture } from '../../worker/src/processors/lead-capture';
import { recordDomainVerified, recordExportFinished } from '../../worker/src/webhooks/events';

/**
 * An event's webhook payload promises that its `data` is the resource as `/v1` returns it. The worker records
 * `lead.created`/`lead.confirmed`, `domain.verified` and `export.finished`; each delivery's payload
 * (the body the endpoint receives) is compared, field for field and format for format (timestamps
 * with microseconds in PostgreSQL, ISO strings with milliseconds in the API), with `GET /v1/…` of the
 * same resource read right after.
 */
let kit: V1Kit;
let worker: WorkerDeps;
let key = '';
let endpointId = '';
const job = {} as Job; // test-only: the processor does not read the BullMQ job

beforeAll(async () => {
  kit = await startV1Kit();
  worker = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: kit.database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: kit.deps.config.REDIS_PREFIX,
      SMTP_URL: kit.smtp.url,
      PUBLIC_PWA_URL: 'http://app.localhost',
      AUTH_SECRET: kit.deps.config.AUTH_SECRET,
      LOG_LEVEL: 'silent',
    }),
    createLogger('worker-test', { level: 'silent' }),
  );
  key = await kit.key(ALL_SCOPES);
  const { rows } = await worker.pool.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, url, events, status, secret_ciphertext)
     VALUES ($1, 'https://hooks.example.com/x', $2, 'active', $3) RETURNING id`,
    [
      kit.owner.workspaceId,
      ['lead.created', 'lead.confirmed', 'domain.verified', 'export.finished'],
      worker.secrets.seal(Buffer.from('whsec_x')),
    ],
  );
  endpointId = rows[0]?.id ?? '';
}, 120_000);

afterAll(async () => {
  if (worker) await closeWorkerDeps(worker);
  await kit?.stop();
});

const owner = () => ({ token: kit.owner.token });
const ws = () => `workspace_id=${kit.owner.workspaceId}`;

/** The `data` of the one delivery of `type` whose resource is `id` (what the endpoint is sent). */
async function delivered(type: WebhookEvent, id: string): Promise<Record<string, unknown>> {
  const { rows } = await worker.pool.query<{ payload: unknown }>(
    `SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type = $2 AND payload->'data'->>'id' = $3`,
    [endpointId, type, id],
  );
  expect(rows, `${type} of ${id}`).toHaveLength(1);
  return webhookPayloadSchema.parse(rows[0]?.payload).data;
}

async function get<T>(path: string, who: { token: string } | { key: string }): Promise<T> {
  const res = 'key' in who ? await kit.api('GET', path, who) : await kit.call('GET', path, who);
  expect(res.status, path).toBe(200);
  return (await kit.json<Envelope<T>>(res)).data;
}

describe("webhook payloads are the /v1 resource, by the API's own serializers", () => {
  it('lead.created and lead.confirmed: the lead as GET /v1/leads lists it', async () => {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: { handle: 'payloads', title: 'Payloads' },
    });
    const pageId = (await kit.json<Envelope<{ id: string }>>(created)).data.id;
    await leadCapture(
      {
        workspace_id: kit.owner.workspaceId,
        page_id: pageId,
        block_id: 'none',
        email: 'shape@example.com',
        consent_text: 'Monthly news.',
        page_revision: 1,
        double_opt_in: false,
        submitted_at: new Date().toISOString(),
      },
      job,
      worker,
    );
    // Listing addresses asks for a recent password confirmation.
    const confirmed = await kit.call('POST', '/api/auth/reauthenticate', {
      ...owner(),
      body: { password: PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    const [lead] = await get<Array<{ id: string }>>(`/v1/leads?${ws()}&page_id=${pageId}`, owner());
    expect(lead).toBeDefined();
    const id = lead?.id ?? '';
    expect(await delivered('lead.created', id)).toEqual(lead);
    expect(await delivered('lead.confirmed', id)).toEqual(lead);
  });

  it('domain.verified: the domain as GET /v1/domains/{id} returns it', async () => {
    const { rows } = await worker.pool.query<{ id: string }>(
      `INSERT INTO custom_domains (workspace_id, hostname, status, verification_record_name, verification_token)
       VALUES ($1, 'go.payloads.example', 'pending', '_linkhub.go.payloads.example', 'lh-verify-123') RETURNING id`,
      [kit.owner.workspaceId],
    );
    const id = rows[0]?.id ?? '';
    await withTransaction(worker.pool, async (tx) => {
      await tx.query(
        "UPDATE custom_domains SET status = 'verified', verified_at = now(), last_checked_at = now() WHERE id = $1",
        [id],
      );
      return recordDomainVerified(tx, id);
    });
    expect(await delivered('domain.verified', id)).toEqual(await get(`/v1/domains/${id}`, { key }));
  });

  it("export.finished: the export as its kind's status route returns it, with its kind", async () => {
    const { rows } = await worker.pool.query<{ id: string; kind: string }>(
      `INSERT INTO export_jobs (workspace_id, kind, status, progress, params, row_count, byte_size, storage_key, finished_at, expires_at)
       VALUES ($1, 'leads_csv', 'succeeded', 100, '{}', 3, 120, 'exports/l.csv', now(), now() + interval '1 day'),
              ($1, 'analytics_csv', 'succeeded', 100, '{"source":"workspace","from":"2026-11-01","to":"2026-11-30"}',
               40, 2048, 'exports/a.csv', now(), now() + interval '1 day')
       RETURNING id, kind`,
      [kit.owner.workspaceId],
    );
    for (const row of rows) await withTransaction(worker.pool, (tx) => recordExportFinished(tx, row.id));
    const leadsCsv = rows.find((r) => r.kind === 'leads_csv')?.id ?? '';
    const analyticsCsv = rows.find((r) => r.kind === 'analytics_csv')?.id ?? '';
    expect(await delivered('export.finished', leadsCsv)).toEqual({
      kind: 'leads_csv',
      ...(await get<object>(`/v1/leads/exports/${leadsCsv}?${ws()}`, owner())),
    });
    expect(await delivered('export.finished', analyticsCsv)).toEqual({
      kind: 'analytics_csv',
      ...(await get<object>(`/v1/analytics/exports/${analyticsCsv}?${ws()}`, { key })),
    });
  });
});

import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import type { JobData } from '@linkhub/shared/jobs/queues';
import { startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { webhookPayloadSchema } from '@linkhub/shared/webhooks/events';
import { leadCapture } from '../processors/lead-capture';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { recordDomainVerified, recordExportFinished } from './events';

/**
 * The worker's events. A sign-up records `lead.created` (and `lead.confirmed` without
 * double opt-in) in the lead's own transaction and queues one delivery per subscribed endpoint; a
 * finished export records `export.finished`. Endpoints that did not subscribe, are off, or belong to
 * another page's ESP adapter get nothing.
 */
let t: TestWorkerDeps;
let smtp: SmtpCapture;
let workspaceId = '';
let pageId = '';
const job = {} as Job; // test-only: the processor does not read the BullMQ job

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestWorkerDeps({ SMTP_URL: smtp.url, PUBLIC_PWA_URL: 'http://app.test' });
  const h = createDb(t.database.url);
  const { bioDomainId } = await ensureSystemDomains(h.db);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const page = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, 'maya', 'Maya Prints') RETURNING id",
    [workspaceId, bioDomainId],
  );
  pageId = page.rows[0]?.id ?? '';
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function endpoint(events: string[], status = 'active'): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO webhook_endpoints (workspace_id, url, events, status, secret_ciphertext)
     VALUES ($1, 'https://hooks.example.com/x', $2, $3, $4) RETURNING id`,
    [workspaceId, events, status, t.deps.secrets.seal(Buffer.from('whsec_x'))],
  );
  return rows[0]?.id ?? '';
}
const deliveriesTo = async (endpointId: string) =>
  (
    await t.deps.pool.query<{ id: string; event_type: string; payload: unknown }>(
      'SELECT id, event_type, payload FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at, event_type',
      [endpointId],
    )
  ).rows;
const signUp = (email: string, doubleOptIn: boolean): JobData<'lead-capture'> => ({
  workspace_id: workspaceId,
  page_id: pageId,
  block_id: 'none',
  email,
  consent_text: 'Monthly news.',
  page_revision: 1,
  double_opt_in: doubleOptIn,
  submitted_at: new Date().toISOString(),
});

describe('events the worker records', () => {
  it('a sign-up: lead.created always, lead.confirmed at once without double opt-in, each delivery queued', async () => {
    const both = await endpoint(['lead.created', 'lead.confirmed']);
    const linksOnly = await endpoint(['link.created']);
    const off = await endpoint(['lead.created'], 'disabled');

    await leadCapture(signUp('double@example.com', true), job, t.deps);
    await leadCapture(signUp('single@example.com', false), job, t.deps);

    const got = await deliveriesTo(both);
    expect(got.map((d) => d.event_type).sort()).toEqual(['lead.confirmed', 'lead.created', 'lead.created']);
    for (const d of got) {
      const payload = webhookPayloadSchema.parse(d.payload);
      expect(payload.workspace_id).toBe(workspaceId);
      expect(payload.data).toMatchObject({ page_id: pageId, consent_text: 'Monthly news.' });
      const queued = await t.deps.jobs.queue('webhook-deliver').getJob(`whd-${d.id}`);
      expect(queued?.data).toEqual({ endpoint_id: both, event_id: payload.id });
    }
    expect(got.map((d) => [d.event_type, webhookPayloadSchema.parse(d.payload).data.email]).sort()).toEqual([
      ['lead.confirmed', 'single@example.com'],
      ['lead.created', 'double@example.com'],
      ['lead.created', 'single@example.com'],
    ]);
    expect(await deliveriesTo(linksOnly)).toEqual([]);
    expect(await deliveriesTo(off)).toEqual([]);
  });

  it('an export that finished records export.finished; one that did not records nothing', async () => {
    const listener = await endpoint(['export.finished']);
    const { rows } = await t.deps.pool.query<{ id: string; status: string }>(
      `INSERT INTO export_jobs (workspace_id, kind, status, storage_key, finished_at, row_count)
       VALUES ($1, 'leads_csv', 'succeeded', 'exports/x.csv', now(), 2), ($1, 'leads_csv', 'failed', NULL, now(), NULL)
       RETURNING id, status`,
      [workspaceId],
    );
    for (const row of rows) await withTransaction(t.deps.pool, (tx) => recordExportFinished(tx, row.id));
    const got = await deliveriesTo(listener);
    expect(got).toHaveLength(1);
    expect(webhookPayloadSchema.parse(got[0]?.payload).data).toMatchObject({
      id: rows.find((r) => r.status === 'succeeded')?.id,
      kind: 'leads_csv',
      status: 'succeeded',
      row_count: 2,
    });
  });

  it('a verified custom domain records domain.verified; a pending one records nothing', async () => {
    const listener = await endpoint(['domain.verified']);
    const { rows } = await t.deps.pool.query<{ id: string; hostname: string }>(
      `INSERT INTO custom_domains (workspace_id, hostname, status, verified_at)
       VALUES ($1, 'go.maya.example', 'verified', now()), ($1, 'later.maya.example', 'pending', NULL)
       RETURNING id, hostname`,
      [workspaceId],
    );
    for (const row of rows) await withTransaction(t.deps.pool, (tx) => recordDomainVerified(tx, row.id));
    const got = await deliveriesTo(listener);
    expect(got.map((d) => webhookPayloadSchema.parse(d.payload).data)).toEqual([
      expect.objectContaining({ hostname: 'go.maya.example', status: 'verified', workspace_id: workspaceId }),
    ]);
  });
});

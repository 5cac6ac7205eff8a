import { randomUUID } from 'node:crypto';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import { mintClickId } from '@linkhub/shared/server/experiments/click-id';
import { devClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { JobData } from '@linkhub/shared/jobs/queues';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { leadCapture } from '../processors/lead-capture';

/**
 * D-321, the worker's half: a `lead-capture` job carrying the click id of a link test's visit
 * records that visitor-day's conversion (source 'lead'), deduplicated with API reports, and only
 * for a running test of the page's own workspace; the sign-up itself is stored either way.
 */
let t: TestWorkerDeps;
let workspaceId = '';
let otherWorkspaceId = '';
let pageId = '';
let blockId = '';
const job = {} as Job; // the processor does not read the BullMQ job

beforeAll(async () => {
  t = await createTestWorkerDeps({ PUBLIC_PWA_URL: 'http://app.test' });
  const h = createDb(t.database.url);
  const { bioDomainId } = await ensureSystemDomains(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: (await insertUser(h.db)).id })).workspace.id;
  otherWorkspaceId = (await insertWorkspace(h.db, { ownerUserId: (await insertUser(h.db)).id })).workspace.id;
  await h.close();
  const page = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, 'shop', 'Shop') RETURNING id",
    [workspaceId, bioDomainId],
  );
  pageId = page.rows[0]?.id ?? '';
  const block = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO bio_blocks (page_id, workspace_id, position, type, data) VALUES ($1, $2, 'a0', 'email_capture', '{}') RETURNING id",
    [pageId, workspaceId],
  );
  blockId = block.rows[0]?.id ?? '';
});
afterAll(async () => t.close());

async function linkTest(ws: string, status: string) {
  const id = randomUUID();
  const variant = randomUUID();
  await t.deps.pool.query(
    `INSERT INTO experiments (id, workspace_id, resource_type, resource_id, name, status, goal, started_at, arm_started_at)
     VALUES ($1, $2, 'link', $3, 'Landing', $4, 'conversions', now(), now())`,
    [id, ws, randomUUID(), status],
  );
  await t.deps.pool.query(
    `INSERT INTO experiment_variants (id, experiment_id, workspace_id, key, name, is_control, weight, destination_url)
     VALUES ($1, $2, $3, 'b', 'B', false, 10000, 'https://example.com/b')`,
    [variant, id, ws],
  );
  return { id, variant };
}

const clickOf = (test: { id: string; variant: string }, visitorKey: string) =>
  mintClickId(devClickIdKeyring(), {
    experimentId: test.id,
    armPeriod: 1,
    variantId: test.variant,
    at: new Date(),
    visitorKey,
  });

const signUp = (email: string, clickId: string): JobData<'lead-capture'> => ({
  workspace_id: workspaceId,
  page_id: pageId,
  block_id: blockId,
  email,
  consent_text: 'News now and then.',
  page_revision: 1,
  double_opt_in: false,
  submitted_at: new Date().toISOString(),
  click_id: clickId,
});

const conversionsOf = async (experimentId: string) =>
  (
    await t.deps.pool.query<{ source: string; reports: number }>(
      'SELECT source, reports FROM experiment_conversions WHERE experiment_id = $1',
      [experimentId],
    )
  ).rows;

describe('a sign-up that carries a link test’s click id', () => {
  it('converts that visitor-day once, as source lead; a second sign-up of the same visitor-day adds a report only', async () => {
    const test = await linkTest(workspaceId, 'running');
    const hook = await t.deps.pool.query<{ id: string }>(
      "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/c', '{conversion.recorded}', 'x') RETURNING id",
      [workspaceId],
    );
    const clickId = clickOf(test, '0011223344556677');
    expect(await leadCapture(signUp('ana@example.com', clickId), job, t.deps)).toMatchObject({
      stored: true,
    });
    expect(await leadCapture(signUp('ana.b@example.com', clickId), job, t.deps)).toMatchObject({
      stored: true,
    });
    expect(await conversionsOf(test.id)).toEqual([{ source: 'lead', reports: 2 }]);
    // conversion.recorded once, for the counted sign-up only (D-634)
    const sent = await t.deps.pool.query<{ payload: { data: unknown } }>(
      "SELECT payload FROM webhook_deliveries WHERE endpoint_id = $1 AND event_type = 'conversion.recorded'",
      [hook.rows[0]?.id],
    );
    expect(sent.rows.map((r) => r.payload.data)).toMatchObject([{ experiment_id: test.id, source: 'lead' }]);
  });

  it('counts nothing for another workspace’s test, a finished test, or text that is not a click id; the lead is stored all the same', async () => {
    const foreign = await linkTest(otherWorkspaceId, 'running');
    const finished = await linkTest(workspaceId, 'concluded');
    const cases: Array<[string, string]> = [
      ['bo@example.com', clickOf(foreign, '8899aabbccddeeff')],
      ['cy@example.com', clickOf(finished, '8899aabbccddeeff')],
      ['di@example.com', 'lhc1-not-a-click-id'],
    ];
    for (const [email, clickId] of cases)
      expect(await leadCapture(signUp(email, clickId), job, t.deps), email).toMatchObject({ stored: true });
    expect(await conversionsOf(foreign.id)).toEqual([]);
    expect(await conversionsOf(finished.id)).toEqual([]);
    const leads = await t.deps.pool.query('SELECT 1 FROM leads WHERE email = ANY($1)', [
      cases.map((c) => c[0]),
    ]);
    expect(leads.rowCount).toBe(3);
  });
});

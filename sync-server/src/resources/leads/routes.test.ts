import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { leadCaptureJobId, newLeadToken } from '@linkhub/shared/server/leads/tokens';
import type { Lead, LeadCounts } from '@linkhub/shared/schemas/leads';
import { PASSWORD } from '../../testing/accounts-kit';
import { ALL_SCOPES, startV1Kit, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

/** The editor's leads (session only), erasure, and the links in a lead's mail. */
let kit: V1Kit;
let pageA = '';
let pageB = '';

async function insertLead(
  pageId: string,
  email: string,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const columns = {
    workspace_id: kit.owner.workspaceId,
    page_id: pageId,
    email,
    consent_text: 'News, monthly.',
    consented_at: new Date(),
    page_revision: 2,
    ...extra,
  };
  const names = Object.keys(columns);
  const { rows } = await kit.deps.pool.query<{ id: string }>(
    `INSERT INTO leads (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    Object.values(columns),
  );
  return rows[0]?.id ?? '';
}

const session = (method: string, path: string, who: 'owner' | 'other' = 'owner') =>
  kit.call(method, path, { token: kit[who].token });

beforeAll(async () => {
  kit = await startV1Kit();
  const bio = await kit.deps.pool.query<{ id: string }>('SELECT id FROM custom_domains WHERE hostname = $1', [
    kit.deps.config.BIO_HOST,
  ]);
  const domainId = bio.rows[0]?.id;
  const page = async (handle: string) =>
    (
      await kit.deps.pool.query<{ id: string }>(
        'INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, $3, $3) RETURNING id',
        [kit.owner.workspaceId, domainId, handle],
      )
    ).rows[0]?.id ?? '';
  pageA = await page('leads-a');
  pageB = await page('leads-b');
  await insertLead(pageA, 'ann@example.com');
  await insertLead(pageA, 'bob@example.com', { status: 'unsubscribed', unsubscribed_at: new Date() });
  await insertLead(pageB, 'cy@example.org');
});
afterAll(async () => kit.stop());

describe('GET /v1/leads', () => {
  it('lists the workspace’s leads for a member’s session, by page and by a part of the address', async () => {
    const all = await session('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}`);
    expect(all.status).toBe(200);
    const body = await kit.json<Envelope<Lead[]>>(all);
    expect(body.data.map((l) => l.email).sort()).toEqual([
      'ann@example.com',
      'bob@example.com',
      'cy@example.org',
    ]);
    expect(body.data.find((l) => l.email === 'ann@example.com')).toMatchObject({
      status: 'confirmed',
      consent_text: 'News, monthly.',
      page_revision: 2,
      page_id: pageA,
    });
    const byPage = await kit.json<Envelope<Lead[]>>(
      await session('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}&page_id=${pageB}`),
    );
    expect(byPage.data.map((l) => l.email)).toEqual(['cy@example.org']);
    const search = await kit.json<Envelope<Lead[]>>(
      await session('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}&q=BOB`),
    );
    expect(search.data.map((l) => l.email)).toEqual(['bob@example.com']);
    const paged = await kit.json<Envelope<Lead[]>>(
      await session('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}&limit=2`),
    );
    expect(paged.data).toHaveLength(2);
    const rest = await kit.json<Envelope<Lead[]>>(
      await session(
        'GET',
        `/v1/leads?workspace_id=${kit.owner.workspaceId}&limit=2&cursor=${paged.meta.next_cursor ?? ''}`,
      ),
    );
    expect(rest.data).toHaveLength(1);
  });

  it('counts leads per page by status', async () => {
    const res = await session('GET', `/v1/leads/counts?workspace_id=${kit.owner.workspaceId}`);
    const counts = (await kit.json<Envelope<LeadCounts[]>>(res)).data;
    expect(counts.find((c) => c.page_id === pageA)).toEqual({
      page_id: pageA,
      total: 2,
      confirmed: 1,
      pending: 0,
      unsubscribed: 1,
    });
  });

  it('is dashboard-only: an API key with every scope is refused, another account sees a 404', async () => {
    const key = await kit.key(ALL_SCOPES);
    const byKey = await kit.api('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}`, { key });
    expect(byKey.status).toBe(403);
    expect((await kit.json<ErrorBody>(byKey)).error.code).toBe('action_not_available_to_api_key');
    const stranger = await session('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}`, 'other');
    expect(stranger.status).toBe(404);
    const noWorkspace = await session('GET', '/v1/leads');
    expect(noWorkspace.status).toBe(400);
  });
});

describe('grants', () => {
  it('a scoped editor sees the leads of granted pages only; another page’s answer 404; a viewer sees none', async () => {
    const editor = await kit.signUp('leads-editor@example.com');
    const member = await kit.deps.pool.query<{ id: string }>(
      "INSERT INTO workspace_members (workspace_id, user_id, role, is_scoped) VALUES ($1, $2, 'editor', true) RETURNING id",
      [kit.owner.workspaceId, editor.userId],
    );
    await kit.deps.pool.query(
      "INSERT INTO resource_grants (workspace_id, member_id, resource_type, resource_id) VALUES ($1, $2, 'bio_page', $3)",
      [kit.owner.workspaceId, member.rows[0]?.id, pageB],
    );
    const as = (path: string) => kit.call('GET', path, { token: editor.token });
    const listed = await kit.json<Envelope<Lead[]>>(
      await as(`/v1/leads?workspace_id=${kit.owner.workspaceId}`),
    );
    expect([...new Set(listed.data.map((l) => l.page_id))]).toEqual([pageB]);
    expect((await as(`/v1/leads?workspace_id=${kit.owner.workspaceId}&page_id=${pageA}`)).status).toBe(404);
    const counts = await kit.json<Envelope<LeadCounts[]>>(
      await as(`/v1/leads/counts?workspace_id=${kit.owner.workspaceId}`),
    );
    expect(counts.data.map((c) => c.page_id)).toEqual([pageB]);

    const viewer = await kit.signUp('leads-viewer@example.com');
    await kit.deps.pool.query(
      "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')",
      [kit.owner.workspaceId, viewer.userId],
    );
    const denied = await kit.call('GET', `/v1/leads?workspace_id=${kit.owner.workspaceId}`, {
      token: viewer.token,
    });
    expect(denied.status).toBe(403);
  });
});

describe('DELETE /v1/leads/{id} (erasure)', () => {
  it('removes the lead, every webhook delivery carrying it, and a sign-up of the same address still queued', async () => {
    const id = await insertLead(pageA, 'erase.me@example.com');
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      `INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/in', '{lead.created}', 'x') RETURNING id`,
      [kit.owner.workspaceId],
    );
    const endpoint = rows[0]?.id;
    await kit.deps.pool.query(
      `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload) VALUES ($1, $2, gen_random_uuid(), 'lead.created', $3), ($1, $2, gen_random_uuid(), 'link.created', '{"data":{"id":"x"}}')`,
      [
        endpoint,
        kit.owner.workspaceId,
        JSON.stringify({ type: 'lead.created', data: { id, email: 'erase.me@example.com' } }),
      ],
    );
    const queue = new Queue('lead-capture', {
      connection: kit.deps.redis,
      prefix: bullPrefix(kit.deps.config.REDIS_PREFIX),
    });
    const jobId = leadCaptureJobId(pageA, 'erase.me@example.com');
    await queue.add('lead-capture', { email: 'erase.me@example.com' }, { jobId, delay: 60_000 });

    const res = await session('DELETE', `/v1/leads/${id}?workspace_id=${kit.owner.workspaceId}`);
    expect(res.status).toBe(200);
    expect((await kit.deps.pool.query('SELECT 1 FROM leads WHERE id = $1', [id])).rowCount).toBe(0);
    const left = await kit.deps.pool.query<{ event_type: string }>(
      'SELECT event_type FROM webhook_deliveries WHERE workspace_id = $1',
      [kit.owner.workspaceId],
    );
    expect(left.rows.map((r) => r.event_type)).toEqual(['link.created']);
    await kit.deps.commands.settled();
    expect(await queue.getJob(jobId)).toBeUndefined();
    const audit = await kit.deps.pool.query<{ text: string }>(
      "SELECT row_to_json(a)::text AS text FROM audit_log_entries a WHERE action = 'lead.erased' AND resource_id = $1",
      [id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]?.text).not.toContain('erase.me');
    expect((await session('DELETE', `/v1/leads/${id}?workspace_id=${kit.owner.workspaceId}`)).status).toBe(
      404,
    );
    await queue.close();
  });

  it('answers another account exactly as for a missing lead', async () => {
    const id = await insertLead(pageB, 'keep@example.com');
    const foreign = await kit.call('DELETE', `/v1/leads/${id}?workspace_id=${kit.owner.workspaceId}`, {
      token: kit.other.token,
    });
    expect(foreign.status).toBe(404);
    expect((await kit.deps.pool.query('SELECT 1 FROM leads WHERE id = $1', [id])).rowCount).toBe(1);
  });
});

describe('GET /v1/leads/conversions', () => {
  it('counts a page’s confirmed sign-ups in the window, by block; pending ones do not count yet', async () => {
    const page = await kit.deps.pool.query<{ id: string }>(
      "SELECT id FROM bio_pages WHERE handle = 'leads-a'",
    );
    const from = new Date(Date.now() - 86_400_000).toISOString();
    const to = new Date(Date.now() + 60_000).toISOString();
    const res = await session(
      'GET',
      `/v1/leads/conversions?workspace_id=${kit.owner.workspaceId}&page_id=${page.rows[0]?.id ?? ''}&from=${from}&to=${to}`,
    );
    expect(res.status).toBe(200);
    const data = (
      await kit.json<
        Envelope<{ conversions: number; by_block: Array<{ block_id: string | null; conversions: number }> }>
      >(res)
    ).data;
    const confirmedOrUnsubscribed = await kit.deps.pool.query<{ n: string }>(
      "SELECT count(*) AS n FROM leads WHERE page_id = $1 AND status <> 'pending'",
      [pageA],
    );
    expect(data.conversions).toBe(Number(confirmedOrUnsubscribed.rows[0]?.n));
    expect(data.by_block.reduce((n, b) => n + b.conversions, 0)).toBe(data.conversions);
    const stranger = await session(
      'GET',
      `/v1/leads/conversions?workspace_id=${kit.owner.workspaceId}&page_id=${pageA}&from=${from}&to=${to}`,
      'other',
    );
    expect(stranger.status).toBe(404);
  });
});

describe('leads CSV exports', () => {
  it('starts an export for a member with a recent sign-in (step-up), audits it, and refuses API keys', async () => {
    const res = await kit.call('POST', '/v1/leads/exports', {
      token: kit.owner.token,
      body: { workspace_id: kit.owner.workspaceId, page_id: pageA },
    });
    expect(res.status).toBe(202);
    const view = (
      await kit.json<Envelope<{ id: string; status: string; progress: number; download_url: string | null }>>(
        res,
      )
    ).data;
    expect(view).toMatchObject({ status: 'queued', progress: 0, download_url: null });
    const progress = await kit.call(
      'GET',
      `/v1/leads/exports/${view.id}?workspace_id=${kit.owner.workspaceId}`,
      { token: kit.owner.token },
    );
    expect(progress.status).toBe(200);
    const audit = await kit.deps.pool.query(
      "SELECT 1 FROM audit_log_entries WHERE action = 'lead.export_requested' AND resource_id = $1",
      [view.id],
    );
    expect(audit.rowCount).toBe(1);
    const key = await kit.key(ALL_SCOPES);
    const byKey = await kit.api('POST', '/v1/leads/exports', {
      key,
      body: { workspace_id: kit.owner.workspaceId },
    });
    expect(byKey.status).toBe(403);
  });

  it('a session without a recent sign-in must reauthenticate first', async () => {
    await kit.deps.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '1 hour' WHERE user_id = $1",
      [kit.owner.userId],
    );
    const res = await kit.call('POST', '/v1/leads/exports', {
      token: kit.owner.token,
      body: { workspace_id: kit.owner.workspaceId },
    });
    expect(res.status).toBe(403);
    expect((await kit.json<ErrorBody>(res)).error.code).toBe('reauthentication_required');
    await kit.deps.pool.query('UPDATE sessions SET reauthenticated_at = now() WHERE user_id = $1', [
      kit.owner.userId,
    ]);
  });

  it('listing the addresses and downloading a finished export ask for the same recent sign-in; counts do not', async () => {
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      `INSERT INTO export_jobs (workspace_id, kind, params, status, storage_key, finished_at)
       VALUES ($1, 'leads_csv', '{}', 'succeeded', 'exports/x/stale.csv', now()) RETURNING id`,
      [kit.owner.workspaceId],
    );
    const exportId = rows[0]?.id ?? '';
    await kit.deps.pool.query(
      "UPDATE sessions SET reauthenticated_at = now() - interval '1 hour' WHERE user_id = $1",
      [kit.owner.userId],
    );
    const ws = `workspace_id=${kit.owner.workspaceId}`;
    for (const path of [
      `/v1/leads?${ws}`,
      `/v1/leads?${ws}&page_id=${pageA}`,
      `/v1/leads/exports/${exportId}/download?${ws}`,
    ]) {
      const res = await session('GET', path);
      expect(res.status, path).toBe(403);
      expect((await kit.json<ErrorBody>(res)).error.code).toBe('reauthentication_required');
    }
    expect((await session('GET', `/v1/leads/counts?${ws}`)).status).toBe(200);
    expect((await session('GET', `/v1/leads/exports/${exportId}?${ws}`)).status).toBe(200);

    const confirmed = await kit.call('POST', '/api/auth/reauthenticate', {
      token: kit.owner.token,
      body: { password: PASSWORD },
    });
    expect(confirmed.status).toBe(200);
    const listed = await session('GET', `/v1/leads?${ws}`);
    expect(listed.status).toBe(200);
    expect((await kit.json<Envelope<Lead[]>>(listed)).data.length).toBeGreaterThan(0);
  });

  it('erasure withdraws every leads export of the workspace: queued ones fail, finished ones expire', async () => {
    const insert = async (status: string, extra: string) =>
      (
        await kit.deps.pool.query<{ id: string }>(
          `INSERT INTO export_jobs (workspace_id, kind, params, status${extra ? ', storage_key, finished_at' : ''}) VALUES ($1, 'leads_csv', '{}', $2${extra}) RETURNING id`,
          [kit.owner.workspaceId, status],
        )
      ).rows[0]?.id ?? '';
    const queuedId = await insert('queued', '');
    const doneId = await insert('succeeded', ", 'exports/x/y.csv', now()");
    const id = await insertLead(pageA, 'withdraw@example.com');
    expect((await session('DELETE', `/v1/leads/${id}?workspace_id=${kit.owner.workspaceId}`)).status).toBe(
      200,
    );
    const rows = await kit.deps.pool.query<{ id: string; status: string }>(
      'SELECT id, status FROM export_jobs WHERE id = ANY($1::uuid[])',
      [[queuedId, doneId]],
    );
    expect(Object.fromEntries(rows.rows.map((r) => [r.id, r.status]))).toEqual({
      [queuedId]: 'failed',
      [doneId]: 'expired',
    });
  });
});

describe('the links in a lead’s mail', () => {
  it('confirm: a GET only asks, the POST confirms once; the link then stops working', async () => {
    const confirm = newLeadToken();
    const id = await insertLead(pageA, 'dana@example.com', {
      status: 'pending',
      confirm_token_hash: confirm.hash,
      confirm_expires_at: new Date(Date.now() + 3_600_000),
    });
    const ask = await kit.call('GET', `/api/leads/confirm?token=${confirm.token}`);
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('Confirm my sign-up');
    expect(
      (await kit.deps.pool.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [id])).rows[0]
        ?.status,
    ).toBe('pending');
    const form = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost:8080' };
    const done = await kit.app.request('/api/leads/confirm', {
      method: 'POST',
      headers: form,
      body: `token=${confirm.token}`,
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are subscribed');
    const row = await kit.deps.pool.query<{ status: string; confirm_token_hash: string | null }>(
      'SELECT status, confirm_token_hash FROM leads WHERE id = $1',
      [id],
    );
    expect(row.rows[0]).toEqual({ status: 'confirmed', confirm_token_hash: null });
    expect(
      (
        await kit.app.request('/api/leads/confirm', {
          method: 'POST',
          headers: form,
          body: `token=${confirm.token}`,
        })
      ).status,
    ).toBe(404);
  });

  it('confirm: an expired link does nothing', async () => {
    const confirm = newLeadToken();
    const id = await insertLead(pageA, 'late@example.com', {
      status: 'pending',
      confirm_token_hash: confirm.hash,
      confirm_expires_at: new Date(Date.now() - 1000),
    });
    expect((await kit.call('GET', `/api/leads/confirm?token=${confirm.token}`)).status).toBe(404);
    const res = await kit.app.request('/api/leads/confirm', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${confirm.token}`,
    });
    expect(res.status).toBe(404);
    expect(
      (await kit.deps.pool.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [id])).rows[0]
        ?.status,
    ).toBe('pending');
  });

  it('unsubscribe: the link of an earlier mail still works after a re-signup mailed a new one', async () => {
    const firstMail = newLeadToken();
    const laterMail = newLeadToken();
    // As the worker leaves a lead that was mailed twice: the first token on the lead, the later one beside it.
    const id = await insertLead(pageB, 'twice@example.com', { unsubscribe_token_hash: firstMail.hash });
    await kit.deps.pool.query('INSERT INTO lead_unsubscribe_tokens (token_hash, lead_id) VALUES ($1, $2)', [
      laterMail.hash,
      id,
    ]);
    const status = async () =>
      (await kit.deps.pool.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [id])).rows[0]
        ?.status;
    expect((await kit.call('GET', `/api/leads/unsubscribe?token=${firstMail.token}`)).status).toBe(200);
    const res = await kit.app.request('/api/leads/unsubscribe', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${firstMail.token}`,
    });
    expect(res.status).toBe(200);
    expect(await status()).toBe('unsubscribed');
    // The later mail's link names the same lead too.
    await kit.deps.pool.query("UPDATE leads SET status = 'confirmed', unsubscribed_at = NULL WHERE id = $1", [
      id,
    ]);
    const later = await kit.app.request(`/api/leads/unsubscribe?token=${laterMail.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(later.status).toBe(200);
    expect(await status()).toBe('unsubscribed');
  });

  it('unsubscribe: one-click POST (RFC 8058) with the token in the query', async () => {
    const unsubscribe = newLeadToken();
    const id = await insertLead(pageB, 'eve@example.com', { unsubscribe_token_hash: unsubscribe.hash });
    const res = await kit.app.request(`/api/leads/unsubscribe?token=${unsubscribe.token}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(
      (await kit.deps.pool.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [id])).rows[0]
        ?.status,
    ).toBe('unsubscribed');
    expect((await kit.call('GET', '/api/leads/unsubscribe?token=nope')).status).toBe(404);
  });
});

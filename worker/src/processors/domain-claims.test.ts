import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dns2 from 'dns2';
import { domainHostKey } from '@linkhub/shared/cache/keys';
import { parseDomainRoute } from '@linkhub/shared/cache/payload';
import { createDb } from '@linkhub/shared/server/db';
import { pgErrorInfo } from '@linkhub/shared/server/db/errors';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { domainVerify, type DomainCheckReport } from './domain-verify';

/** A real DNS server on loopback answering TXT queries from `records` (NXDOMAIN otherwise). */
const records = new Map<string, string[][]>();
const dnsServer = dns2.createUDPServer((request, send) => {
  const response = dns2.Packet.createResponseFromRequest(request);
  const question = request.questions[0];
  const answers =
    question?.type === dns2.Packet.TYPE.TXT ? records.get(question.name.toLowerCase()) : undefined;
  if (!question || !answers) response.header.rcode = 3;
  else
    for (const data of answers)
      response.answers.push({
        ...dns2.Packet.createResourceFromQuestion(question, { type: dns2.Packet.TYPE.TXT, ttl: 60, data }),
      });
  void send(response);
});

type Claimant = { workspaceId: string; userId: string };
let t: TestWorkerDeps;
let runtime: WorkerRuntime;
let queue: ReturnType<typeof createQueue<'domain-verify'>>;
let a: Claimant;
let b: Claimant;

beforeAll(async () => {
  await dnsServer.listen(0, '127.0.0.1');
  t = await createTestWorkerDeps({ DNS_SERVERS: `127.0.0.1:${dnsServer.address().port}` });
  const h = createDb(t.database.url);
  const claimant = async (name: string): Promise<Claimant> => {
    const user = await insertUser(h.db);
    const ws = await insertWorkspace(h.db, { ownerUserId: user.id, name });
    return { workspaceId: ws.workspace.id, userId: user.id };
  };
  a = await claimant('Squatter A');
  b = await claimant('Owner B');
  await h.close();
  runtime = startWorkers(t.deps, { 'domain-verify': domainVerify });
  queue = createQueue('domain-verify', t.deps.redis, t.deps.config.REDIS_PREFIX);
});
afterAll(async () => {
  await runtime.close();
  await queue.queue.obliterate({ force: true });
  await queue.close();
  dnsServer.close();
  await t.close();
});

/** A pending claim as the add command writes it (its own TXT token). */
async function claim(who: Claimant, hostname: string): Promise<{ id: string; token: string }> {
  const token = `linkhub-verify=${who.workspaceId.replace(/-/g, '')}`;
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO custom_domains (hostname, workspace_id, purpose, status, verification_method, verification_record_name,
                                 verification_token, created_by_user_id)
     VALUES ($1, $2, 'links', 'pending', 'dns_txt', $3, $4, $5) RETURNING id`,
    [hostname, who.workspaceId, `_linkhub-verify.${hostname}`, token, who.userId],
  );
  return { id: rows[0]?.id ?? '', token };
}

async function check(domainId: string): Promise<DomainCheckReport> {
  const job = await queue.add(
    { domain_id: domainId, attempt: 1 },
    { jobId: `claims-${domainId}-${Date.now()}` },
  );
  for (let i = 0; i < 400; i++) {
    const state = await job.getState();
    if (state === 'completed')
      return (await queue.queue.getJob(job.id ?? ''))?.returnvalue as DomainCheckReport; // test-only: the processor's return type
    if (state === 'failed') throw new Error('domain-verify failed');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('domain-verify did not finish');
}

async function statusOf(id: string): Promise<{ status: string; last_error: string | null }> {
  const { rows } = await t.deps.pool.query<{ status: string; last_error: string | null }>(
    'SELECT status, last_error FROM custom_domains WHERE id = $1',
    [id],
  );
  return rows[0] ?? { status: 'missing', last_error: null };
}

const routedWorkspace = async (host: string): Promise<string | null> => {
  const raw = await t.deps.redis.get(domainHostKey(t.deps.config.REDIS_PREFIX, host));
  return raw === null ? null : (parseDomainRoute(raw)?.workspace_id ?? null);
};

describe('pending claims on one host (the first to prove it wins)', () => {
  it('A holds a pending claim; B claims too, proves the host and wins; A is lost, told, and cannot take it back', async () => {
    const host = 'links.acme.co.uk';
    const squat = await claim(a, host);
    const real = await claim(b, host);
    expect((await check(squat.id)).outcome).toBe('record_missing');
    expect(await routedWorkspace(host)).toBeNull();

    records.set(`_linkhub-verify.${host}`, [[real.token]]);
    expect((await check(real.id)).outcome).toBe('verified');
    expect(await statusOf(real.id)).toEqual({ status: 'verified', last_error: null });
    expect(await statusOf(squat.id)).toMatchObject({
      status: 'lost',
      last_error: expect.stringMatching(/first/),
    });
    expect(await routedWorkspace(host)).toBe(b.workspaceId);
    const { rows: notices } = await t.deps.pool.query<{ code: string; resource_id: string }>(
      'SELECT code, resource_id FROM sync_notices WHERE user_id = $1',
      [a.userId],
    );
    expect(notices).toEqual([{ code: 'domain_taken', resource_id: squat.id }]);

    // Even with its own token published later, the lost claim is never checked again…
    records.set(`_linkhub-verify.${host}`, [[real.token], [squat.token]]);
    expect((await check(squat.id)).outcome).toBe('not_pending');
    // …and cannot be re-opened or claimed afresh while B holds the host.
    const reopen = await t.deps.pool
      .query("UPDATE custom_domains SET status = 'pending' WHERE id = $1", [squat.id])
      .catch((error: unknown) => error);
    expect(pgErrorInfo(reopen)).toMatchObject({
      sqlState: '23505',
      constraint: 'ux_custom_domains_hostname',
    });
    await t.deps.pool.query('UPDATE custom_domains SET deleted_at = now() WHERE id = $1', [squat.id]);
    const again = await claim(a, host).catch((error: unknown) => error);
    expect(pgErrorInfo(again)).toMatchObject({ sqlState: '23505', constraint: 'ux_custom_domains_hostname' });
    expect(await statusOf(real.id)).toEqual({ status: 'verified', last_error: null });
    expect(await routedWorkspace(host)).toBe(b.workspaceId);
  });

  it('both prove the host at the same moment: exactly one wins, the other is lost', async () => {
    const host = 'go.both.example.org';
    const first = await claim(a, host);
    const second = await claim(b, host);
    records.set(`_linkhub-verify.${host}`, [[first.token], [second.token]]);
    const outcomes = await Promise.all([check(first.id), check(second.id)]);
    // The loser is closed by the winner, or finds the winner when its own check settles.
    expect(outcomes.filter((o) => o.outcome === 'verified')).toHaveLength(1);
    const statuses = [(await statusOf(first.id)).status, (await statusOf(second.id)).status].sort();
    expect(statuses).toEqual(['lost', 'verified']);
    const { rows } = await t.deps.pool.query(
      "SELECT 1 FROM custom_domains WHERE hostname = $1 AND status = 'verified' AND deleted_at IS NULL",
      [host],
    );
    expect(rows).toHaveLength(1);
  });
});

import { duplicateRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dns2 from 'dns2';
import { domainHostKey, pokeChannel } from '@linkhub/shared/cache/keys';
import { parseDomainRoute } from '@linkhub/shared/cache/payload';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { RECHECK_DELAYS_MS } from '../domains/verification-schedule';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import type { DomainCheckReport } from './domain-verify';
import { domainVerify } from './domain-verify';

/** A real DNS server on loopback answering TXT queries from `records` and CNAME queries from `cnames` (NXDOMAIN otherwise). */
const records = new Map<string, string[][]>();
const cnames = new Map<string, string>();
const dnsServer = dns2.createUDPServer((request, send) => {
  const response = dns2.Packet.createResponseFromRequest(request);
  const question = request.questions[0];
  const name = question?.name.toLowerCase() ?? '';
  const answers = question?.type === dns2.Packet.TYPE.CNAME ? undefined : records.get(name);
  const alias = question?.type === dns2.Packet.TYPE.CNAME ? cnames.get(name) : undefined;
  if (!question || (!answers && alias === undefined)) response.header.rcode = 3;
  else if (alias !== undefined)
    response.answers.push({
      ...dns2.Packet.createResourceFromQuestion(question, {
        type: dns2.Packet.TYPE.CNAME,
        ttl: 60,
        domain: alias,
      }),
    });
  else
    for (const data of answers ?? [])
      response.answers.push({
        ...dns2.Packet.createResourceFromQuestion(question, { type: dns2.Packet.TYPE.TXT, ttl: 60, data }),
      });
  void send(response);
});

let t: TestWorkerDeps;
let runtime: WorkerRuntime;
let queue: ReturnType<typeof createQueue<'domain-verify'>>;
let subscriber: RedisClient;
let workspaceId: string;
let ownerId: string;
let prefix: string;
let outbox = '';
const pokes: string[] = [];

beforeAll(async () => {
  await dnsServer.listen(0, '127.0.0.1');
  const address = dnsServer.address();
  outbox = await mkdtemp(join(tmpdir(), 'linkhub-domain-mail-'));
  t = await createTestWorkerDeps({ DNS_SERVERS: `127.0.0.1:${address.port}`, OUTBOX_DIR: outbox });
  prefix = t.deps.config.REDIS_PREFIX;
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  ownerId = owner.id;
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id, name: 'Maya Prints' })).workspace.id;
  await h.close();
  subscriber = duplicateRedis(t.deps.redis);
  await subscriber.subscribe(pokeChannel(prefix, ownerId));
  subscriber.on('message', (channel: string) => pokes.push(channel));
  runtime = startWorkers(t.deps, { 'domain-verify': domainVerify });
  queue = createQueue('domain-verify', t.deps.redis, prefix);
});
afterAll(async () => {
  await runtime.close();
  await queue.queue.obliterate({ force: true });
  await queue.close();
  subscriber.disconnect();
  dnsServer.close();
  await t.close();
});

async function pendingDomain(hostname: string): Promise<{ id: string; token: string }> {
  const token = `linkhub-verify=${hostname.replace(/\W/g, '')}0123456789`;
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO custom_domains (hostname, workspace_id, purpose, status, verification_method, verification_record_name, verification_token)
     VALUES ($1, $2, 'links', 'pending', 'dns_txt', $3, $4) RETURNING id`,
    [hostname, workspaceId, `_linkhub-verify.${hostname}`, token],
  );
  return { id: rows[0]?.id ?? '', token };
}

async function check(domainId: string, attempt = 1, recheck = false): Promise<DomainCheckReport> {
  const job = await queue.add(
    recheck ? { domain_id: domainId, attempt, recheck: true } : { domain_id: domainId, attempt },
  );
  for (let i = 0; i < 400; i++) {
    const state = await job.getState();
    if (state === 'completed') {
      const done = await queue.queue.getJob(job.id ?? '');
      return done?.returnvalue as DomainCheckReport; // test-only: the processor's declared return type
    }
    if (state === 'failed') throw new Error('domain-verify failed');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('domain-verify did not finish');
}

async function domainRow(
  id: string,
): Promise<{ status: string; check_attempts: number; last_error: string | null; verified_at: Date | null }> {
  const { rows } = await t.deps.pool.query<{
    status: string;
    check_attempts: number;
    last_error: string | null;
    verified_at: Date | null;
  }>('SELECT status, check_attempts, last_error, verified_at FROM custom_domains WHERE id = $1', [id]);
  const row = rows[0];
  if (!row) throw new Error('no domain');
  return row;
}

async function attempts(id: string): Promise<string[]> {
  const { rows } = await t.deps.pool.query<{ outcome: string }>(
    'SELECT outcome FROM domain_verification_attempts WHERE domain_id = $1 ORDER BY checked_at, created_at',
    [id],
  );
  return rows.map((r) => r.outcome);
}

describe('domain-verify job (DNS TXT check of a custom domain)', () => {
  it('without the record: records the attempt, stays pending and schedules the next check a minute later', async () => {
    const { id } = await pendingDomain('go.missing.example');
    expect(await check(id)).toEqual({ outcome: 'record_missing', next_attempt_in_ms: RECHECK_DELAYS_MS[0] });
    expect(await domainRow(id)).toMatchObject({
      status: 'pending',
      check_attempts: 1,
      last_error: 'record_missing',
      verified_at: null,
    });
    expect(await attempts(id)).toEqual(['record_missing']);
    const next = await queue.queue.getJob(`domain-verify-${id}-2`);
    expect(next?.data).toEqual({ domain_id: id, attempt: 2 });
    expect(await next?.getState()).toBe('delayed');
    expect(await t.deps.redis.get(domainHostKey(prefix, 'go.missing.example'))).toBeNull();
  });

  it('with a different TXT value: record_mismatch, still not served', async () => {
    const { id } = await pendingDomain('go.wrong.example');
    records.set('_linkhub-verify.go.wrong.example', [['linkhub-verify=someone-elses'], ['v=spf1 -all']]);
    expect((await check(id)).outcome).toBe('record_mismatch');
    expect(await domainRow(id)).toMatchObject({
      status: 'pending',
      last_error: 'found 2 TXT record(s), none matching',
    });
  });

  it('with the token (even split into chunks): verified, the edge host entry written, editors poked', async () => {
    const { id, token } = await pendingDomain('go.acme.example');
    records.set('_linkhub-verify.go.acme.example', [['v=spf1 -all'], [token.slice(0, 10), token.slice(10)]]);
    pokes.length = 0;
    expect(await check(id)).toEqual({ outcome: 'verified', next_attempt_in_ms: null });
    const row = await domainRow(id);
    expect(row.status).toBe('verified');
    expect(row.verified_at).toBeInstanceOf(Date);
    expect(row.last_error).toBeNull();
    const route = parseDomainRoute((await t.deps.redis.get(domainHostKey(prefix, 'go.acme.example'))) ?? '');
    expect(route).toMatchObject({ workspace_id: workspaceId, purpose: 'links' });
    expect(await queue.queue.getJob(`domain-verify-${id}-2`)).toBeUndefined();
    await expect.poll(() => pokes.length).toBeGreaterThan(0);
    // A second check of a verified domain changes nothing.
    expect(await check(id)).toEqual({ outcome: 'not_pending', next_attempt_in_ms: null });
    expect(await attempts(id)).toEqual(['verified']);
  });

  it('after the last scheduled check the domain is failed and no further check is queued', async () => {
    const { id } = await pendingDomain('go.never.example');
    const last = RECHECK_DELAYS_MS.length + 1;
    expect(await check(id, last)).toEqual({ outcome: 'record_missing', next_attempt_in_ms: null });
    expect((await domainRow(id)).status).toBe('failed');
    expect(await queue.queue.getJob(`domain-verify-${id}-${last + 1}`)).toBeUndefined();
  });

  it('a removed domain is not checked', async () => {
    const { id, token } = await pendingDomain('go.removed.example');
    records.set('_linkhub-verify.go.removed.example', [[token]]);
    await t.deps.pool.query(
      "UPDATE custom_domains SET status = 'removed', deleted_at = now() WHERE id = $1",
      [id],
    );
    expect(await check(id)).toEqual({ outcome: 'not_pending', next_attempt_in_ms: null });
    expect(await attempts(id)).toEqual([]);
  });

  it('a CNAME of the host to the link host verifies too, and what was seen is recorded', async () => {
    const { id } = await pendingDomain('go.cname.example');
    cnames.set('go.cname.example', 'lnk.localhost');
    expect(await check(id)).toEqual({ outcome: 'verified', next_attempt_in_ms: null });
    const { rows } = await t.deps.pool.query<{ verified_by: string; verification_seen: string }>(
      'SELECT verified_by, verification_seen FROM custom_domains WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({
      verified_by: 'cname',
      verification_seen:
        'TXT _linkhub-verify.go.cname.example: no record; CNAME go.cname.example: lnk.localhost',
    });
  });

  it('a CNAME elsewhere does not verify, and the check says where it points', async () => {
    const { id } = await pendingDomain('go.elsewhere.example');
    cnames.set('go.elsewhere.example', 'shop.example.net');
    expect((await check(id)).outcome).toBe('record_missing');
    const { rows } = await t.deps.pool.query<{ verification_seen: string }>(
      'SELECT verification_seen FROM custom_domains WHERE id = $1',
      [id],
    );
    expect(rows[0]?.verification_seen).toContain('CNAME go.elsewhere.example: shop.example.net');
  });

  it('a verified domain whose record disappears lapses but keeps serving; the owner is mailed once; the record back clears it', async () => {
    const { id, token } = await pendingDomain('go.lapse.example');
    records.set('_linkhub-verify.go.lapse.example', [[token]]);
    expect((await check(id)).outcome).toBe('verified');
    const routeKey = domainHostKey(prefix, 'go.lapse.example');
    expect(await t.deps.redis.get(routeKey)).not.toBeNull();
    const lapse = async () =>
      (
        await t.deps.pool.query<{ status: string; lapsed: boolean }>(
          'SELECT status, verification_lapsed_at IS NOT NULL AS lapsed FROM custom_domains WHERE id = $1',
          [id],
        )
      ).rows[0];
    const mails = async () => (await readdir(outbox).catch(() => [])).length;

    records.delete('_linkhub-verify.go.lapse.example');
    const mailsBefore = await mails();
    expect((await check(id, 1, true)).outcome).toBe('record_missing');
    expect(await lapse()).toEqual({ status: 'verified', lapsed: true });
    expect(parseDomainRoute((await t.deps.redis.get(routeKey)) ?? '')).toMatchObject({
      workspace_id: workspaceId,
    });
    await expect.poll(mails).toBe(mailsBefore + 1);
    // Still failing the next day: no second mail.
    expect((await check(id, 1, true)).outcome).toBe('record_missing');
    expect(await mails()).toBe(mailsBefore + 1);

    records.set('_linkhub-verify.go.lapse.example', [[token]]);
    expect((await check(id, 1, true)).outcome).toBe('verified');
    expect(await lapse()).toEqual({ status: 'verified', lapsed: false });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import {
  domainHostKey,
  pageKey,
  redirectKey,
  redirectMissKey,
  rootPageKey,
} from '@linkhub/shared/cache/keys';
import { parseDomainRoute, parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import type { JobData } from '@linkhub/shared/jobs/queues';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { cacheRefresh } from './cache-refresh';

const LINK_HOST = 'lnk.localhost';
const BIO_HOST = 'bio.localhost';

let t: TestWorkerDeps;
let runtime: WorkerRuntime;
let queue: ReturnType<typeof createQueue<'cache-refresh'>>;
let workspaceId: string;
let linkDomainId: string;
let bioDomainId: string;
let prefix: string;

beforeAll(async () => {
  t = await createTestWorkerDeps();
  prefix = t.deps.config.REDIS_PREFIX;
  const h = createDb(t.database.url);
  ({ linkDomainId, bioDomainId } = await ensureSystemDomains(h.db, {}));
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id, name: 'Maya Prints' })).workspace.id;
  await h.close();
  runtime = startWorkers(t.deps, { 'cache-refresh': cacheRefresh });
  queue = createQueue('cache-refresh', t.deps.redis, prefix);
});
afterAll(async () => {
  await runtime.close();
  await queue.close();
  const keys = await t.deps.redis.keys(`${prefix}*`);
  if (keys.length > 0) await t.deps.redis.del(...keys);
  await t.close();
});

async function run(data: JobData<'cache-refresh'>): Promise<string> {
  const job = await queue.add(data);
  for (let i = 0; i < 400; i++) {
    const state = await job.getState();
    if (state === 'completed') return state;
    if (state === 'failed')
      throw new Error(
        `cache-refresh failed: ${(await queue.queue.getJob(job.id ?? ''))?.failedReason ?? ''}`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('cache-refresh job did not finish');
}

async function insert(
  table: 'links' | 'qr_codes',
  domainId: string,
  slug: string,
  destination: string,
): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO ${table} (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, $4) RETURNING id`,
    [workspaceId, domainId, slug, destination],
  );
  return rows[0]?.id ?? '';
}

async function customDomain(hostname: string, purpose: 'links' | 'bio'): Promise<string> {
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO custom_domains (hostname, workspace_id, purpose, status, verification_method, verified_at) VALUES ($1, $2, $3, 'verified', 'dns_txt', now()) RETURNING id`,
    [hostname, workspaceId, purpose],
  );
  return rows[0]?.id ?? '';
}

const payloadAt = async (host: string, slug: string) =>
  parseRedirectPayload((await t.deps.redis.get(redirectKey(prefix, host, slug))) ?? '');

describe('cache-refresh job', () => {
  it('rebuilds a deleted redirect key from PostgreSQL, and replaces a stale one', async () => {
    await insert('links', linkDomainId, 'spring', 'https://acme.example/spring');
    await run({ kind: 'redirect', host: LINK_HOST, slug: 'spring' });
    expect((await payloadAt(LINK_HOST, 'spring'))?.destination_url).toBe('https://acme.example/spring');

    await t.deps.redis.del(redirectKey(prefix, LINK_HOST, 'spring'));
    await t.deps.pool.query(
      `UPDATE links SET destination_url = 'https://acme.example/summer' WHERE slug = 'spring'`,
    );
    await run({ kind: 'redirect', host: LINK_HOST, slug: 'spring' });
    const rebuilt = await payloadAt(LINK_HOST, 'spring');
    expect(rebuilt?.destination_url).toBe('https://acme.example/summer');

    // A stale entry (an older revision with an old destination, e.g. a write-through that lost a race).
    await t.deps.redis.set(
      redirectKey(prefix, LINK_HOST, 'spring'),
      JSON.stringify({ ...rebuilt, revision: 0, destination_url: 'https://acme.example/old' }),
    );
    await run({ kind: 'redirect', host: LINK_HOST, slug: 'spring' });
    expect((await payloadAt(LINK_HOST, 'spring'))?.destination_url).toBe('https://acme.example/summer');
    expect(await t.deps.redis.ttl(redirectKey(prefix, LINK_HOST, 'spring'))).toBeGreaterThan(0);
  });

  it('rebuilds by resource id: a link, a QR code (no TTL) and a domain', async () => {
    const linkId = await insert('links', linkDomainId, 'byid', 'https://acme.example/by-id');
    const qrId = await insert('qr_codes', linkDomainId, 'menu', 'https://acme.example/menu');
    await run({ kind: 'resource', resource_type: 'link', id: linkId });
    await run({ kind: 'resource', resource_type: 'qr_code', id: qrId });
    expect((await payloadAt(LINK_HOST, 'byid'))?.destination_url).toBe('https://acme.example/by-id');
    const qr = await payloadAt(LINK_HOST, 'menu');
    expect(qr).toMatchObject({
      is_qr: true,
      destination_url: 'https://acme.example/menu',
      resource_id: qrId,
    });
    expect(await t.deps.redis.ttl(redirectKey(prefix, LINK_HOST, 'menu'))).toBe(-1);

    const domainId = await customDomain('go.maya.example', 'links');
    await insert('links', domainId, 'sale', 'https://acme.example/sale');
    await run({ kind: 'resource', resource_type: 'domain', id: domainId });
    expect(
      parseDomainRoute((await t.deps.redis.get(domainHostKey(prefix, 'go.maya.example'))) ?? ''),
    ).toMatchObject({ domain_id: domainId, workspace_id: workspaceId, purpose: 'links' });
    expect((await payloadAt('go.maya.example', 'sale'))?.destination_url).toBe('https://acme.example/sale');
  });

  it('never writes a QR key as a miss, clears a stale miss, and keeps a QR key PostgreSQL cannot find', async () => {
    const domainId = await customDomain('qr.maya.example', 'links');
    await insert('qr_codes', domainId, 'table', 'https://acme.example/table');
    await insert('links', domainId, 'plain', 'https://acme.example/plain');
    await t.deps.redis.set(redirectMissKey(prefix, 'qr.maya.example', 'table'), '1', 'EX', 60);
    await run({ kind: 'resource', resource_type: 'domain', id: domainId });
    expect(await t.deps.redis.exists(redirectMissKey(prefix, 'qr.maya.example', 'table'))).toBe(0);
    expect((await payloadAt('qr.maya.example', 'table'))?.is_qr).toBe(true);

    // The host stops serving (verification lapsed): the plain link's key goes, the QR key stays as it was.
    await t.deps.pool.query(`UPDATE custom_domains SET status = 'failed' WHERE id = $1`, [domainId]);
    await run({ kind: 'resource', resource_type: 'domain', id: domainId });
    expect(await t.deps.redis.exists(redirectKey(prefix, 'qr.maya.example', 'plain'))).toBe(0);
    expect((await payloadAt('qr.maya.example', 'table'))?.destination_url).toBe('https://acme.example/table');
    expect(await t.deps.redis.ttl(redirectKey(prefix, 'qr.maya.example', 'table'))).toBe(-1);
    expect(await t.deps.redis.exists(redirectMissKey(prefix, 'qr.maya.example', 'table'))).toBe(0);
    expect(await t.deps.redis.exists(domainHostKey(prefix, 'qr.maya.example'))).toBe(0);

    // An unknown slug is never negatively cached by a refresh either.
    await run({ kind: 'redirect', host: LINK_HOST, slug: 'nothing-here' });
    expect(await t.deps.redis.exists(redirectMissKey(prefix, LINK_HOST, 'nothing-here'))).toBe(0);
  });

  it('writes a published page and a custom domain root page, and purges them once unpublished', async () => {
    const { id: _id, workspace_id: _ws, handle: _handle, ...snapshot } = samplePageSnapshot({ links: 2 });
    const domainId = await customDomain('maya.example', 'bio');
    const { rows } = await t.deps.pool.query<{ id: string }>(
      `INSERT INTO bio_pages (workspace_id, domain_id, handle, title, published_snapshot, published_at, published_revision)
       VALUES ($1, $2, 'shop', 'Shop', $3, now(), 1), ($1, $4, 'maya', 'Maya', $3, now(), 1) RETURNING id`,
      [workspaceId, domainId, JSON.stringify({ ...snapshot, title: 'Maya shop' }), bioDomainId],
    );
    const [shopId, mayaId] = rows.map((r) => r.id);
    await run({ kind: 'resource', resource_type: 'bio_page', id: shopId ?? '' });
    await run({ kind: 'resource', resource_type: 'bio_page', id: mayaId ?? '' });
    const root = JSON.parse((await t.deps.redis.get(rootPageKey(prefix, 'maya.example'))) ?? 'null') as {
      title?: string;
      handle?: string;
    } | null;
    expect(root).toMatchObject({ title: 'Maya shop', handle: 'shop' });
    expect(await t.deps.redis.exists(pageKey(prefix, 'maya.example', 'shop'))).toBe(1);
    expect(await t.deps.redis.exists(pageKey(prefix, BIO_HOST, 'maya'))).toBe(1);
    // The system bio host has no root page.
    expect(await t.deps.redis.exists(rootPageKey(prefix, BIO_HOST))).toBe(0);

    await t.deps.pool.query(
      `UPDATE bio_pages SET published_snapshot = NULL, published_at = NULL WHERE id = $1`,
      [shopId],
    );
    await run({ kind: 'resource', resource_type: 'bio_page', id: shopId ?? '' });
    expect(await t.deps.redis.exists(pageKey(prefix, 'maya.example', 'shop'))).toBe(0);
    expect(await t.deps.redis.exists(rootPageKey(prefix, 'maya.example'))).toBe(0);
  });

  it('fails a malformed job once, without retries', async () => {
    const job = await queue.queue.add('cache-refresh', { kind: 'redirect', host: LINK_HOST });
    for (let i = 0; i < 400 && (await job.getState()) !== 'failed'; i++)
      await new Promise((r) => setTimeout(r, 25));
    const failed = await queue.queue.getJob(job.id ?? '');
    expect(failed?.failedReason).toContain('invalid cache-refresh job data');
    expect(failed?.attemptsMade).toBe(1);
  });
});

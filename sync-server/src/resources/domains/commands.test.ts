import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { startCommandKit, type Account, type CommandKit } from '../../testing/command-kit';

/** The custom-domain commands, driven by mutator name. */
let kit: CommandKit;
let ws: string;
let verifyQueue: Queue;
let certificateQueue: Queue;

beforeAll(async () => {
  kit = await startCommandKit('business');
  ws = kit.owner.workspaceId;
  const opts = { connection: kit.deps.redis, prefix: bullPrefix(kit.deps.config.REDIS_PREFIX) };
  verifyQueue = new Queue('domain-verify', opts);
  certificateQueue = new Queue('domain-certificate', opts);
});
afterAll(async () => {
  for (const queue of [verifyQueue, certificateQueue]) {
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await kit.close();
});

type DomainRow = {
  hostname: string;
  status: string;
  purpose: string;
  not_found_url: string | null;
  root_handle: string | null;
};
async function row(id: string): Promise<DomainRow | undefined> {
  const [found] = await kit.sql<DomainRow>(
    'SELECT hostname, status, purpose, not_found_url, root_handle FROM custom_domains WHERE id = $1',
    [id],
  );
  return found;
}
async function jobIds(queue: Queue): Promise<string[]> {
  await kit.deps.commands.settled();
  return (await queue.getJobs(['waiting', 'delayed', 'prioritized'])).map((job) => job.id ?? '');
}
async function add(
  hostname: string,
  purpose = 'links',
  who: Account = kit.owner,
): Promise<{ id: string; code: string | null }> {
  const id = randomUUID();
  // Business: 50 custom domains, room for every test here.
  return {
    id,
    code: await kit.push('addDomain', { id, workspace_id: who.workspaceId, hostname, purpose }, who),
  };
}
const verified = (id: string) =>
  kit.sql("UPDATE custom_domains SET status = 'verified', verified_at = now() WHERE id = $1", [id]);

describe('addDomain', () => {
  it('adds the host pending a DNS TXT check, and queues the first check', async () => {
    const { id, code } = await add('go.maya.example.net');
    expect(code).toBeNull();
    expect(await row(id)).toMatchObject({ hostname: 'go.maya.example.net', status: 'pending' });
    const [record] = await kit.sql<{ verification_record_name: string; verification_token: string }>(
      'SELECT verification_record_name, verification_token FROM custom_domains WHERE id = $1',
      [id],
    );
    expect(record?.verification_record_name).toBe('_linkhub-verify.go.maya.example.net');
    expect(record?.verification_token).toMatch(/^linkhub-verify=[0-9a-f]{32}$/);
    expect(await jobIds(verifyQueue)).toContain(`domain-verify-${id}-1`);
  });

  it('refuses the system hosts and a public suffix, writing nothing', async () => {
    const system = await add(kit.deps.config.LINK_HOST);
    expect(system.code).toBe('validation_failed');
    const suffix = await add('co.uk');
    expect(suffix.code).toBe('domain_not_allowed');
    expect(await row(system.id)).toBeUndefined();
    expect(await row(suffix.id)).toBeUndefined();
  });

  it('a pending claim reserves nothing; a verified one holds the host against other workspaces', async () => {
    const other = await kit.signUp('Otto');
    await kit.setPlan('business', other.workspaceId);
    const mine = await add('shared.example.net');
    const theirs = await add('shared.example.net', 'links', other);
    expect(theirs.code).toBeNull();
    await verified(mine.id);
    expect((await add('shared.example.net', 'links', other)).code).toBe('domain_taken');
  });
});

describe('updateDomain', () => {
  it('sets where unknown slugs go, checked like every destination', async () => {
    const { id } = await add('nf.example.net');
    expect(
      await kit.push('updateDomain', { id, workspace_id: ws, not_found_url: 'https://example.com/404' }),
    ).toBeNull();
    expect((await row(id))?.not_found_url).toBe('https://example.com/404');
    expect(
      await kit.push('updateDomain', {
        id,
        workspace_id: ws,
        not_found_url: 'https://intranet.example.com/',
      }),
    ).toBe('destination_unsafe');
    expect((await row(id))?.not_found_url).toBe('https://example.com/404');
  });

  it('a root page needs a bio-capable domain and a page of that handle on it', async () => {
    const { id } = await add('root.example.net', 'links');
    expect(await kit.push('updateDomain', { id, workspace_id: ws, root_handle: 'maya' })).toBe(
      'validation_failed',
    );
    expect(
      await kit.push('updateDomain', { id, workspace_id: ws, purpose: 'all', root_handle: 'maya' }),
    ).toBe('validation_failed');
    expect((await row(id))?.purpose).toBe('links');
    await verified(id);
    await kit.push('updateDomain', { id, workspace_id: ws, purpose: 'all' });
    const page = randomUUID();
    expect(
      await kit.push('createPage', {
        id: page,
        workspace_id: ws,
        handle: 'maya',
        title: 'Maya',
        domain_id: id,
      }),
    ).toBeNull();
    expect(await kit.push('updateDomain', { id, workspace_id: ws, root_handle: 'maya' })).toBeNull();
    expect((await row(id))?.root_handle).toBe('maya');
  });

  it('the default domain for new links: set, and moved to another', async () => {
    const a = await add('a.example.net');
    const b = await add('b.example.net');
    const defaultOf = async () =>
      (
        await kit.sql<{ d: string | null }>(
          'SELECT default_link_domain_id AS d FROM workspaces WHERE id = $1',
          [ws],
        )
      )[0]?.d;
    expect(
      await kit.push('updateDomain', { id: a.id, workspace_id: ws, default_for_links: true }),
    ).toBeNull();
    expect(await defaultOf()).toBe(a.id);
    expect(
      await kit.push('updateDomain', { id: b.id, workspace_id: ws, default_for_links: true }),
    ).toBeNull();
    expect(await defaultOf()).toBe(b.id);
    expect(
      await kit.push('updateDomain', { id: b.id, workspace_id: ws, default_for_links: false }),
    ).toBeNull();
    expect(await defaultOf()).toBeNull();
  });
});

describe('removeDomain / verifyDomain / retryDomainCertificate', () => {
  it('a domain with QR codes cannot be removed; one without is removed and its certificate revoked', async () => {
    const withQr = await add('printed.example.net');
    await verified(withQr.id);
    expect(
      await kit.push('createQrCode', {
        id: randomUUID(),
        workspace_id: ws,
        destination_url: 'https://example.com/q',
        domain_id: withQr.id,
      }),
    ).toBeNull();
    expect(await kit.push('removeDomain', { id: withQr.id, workspace_id: ws })).toBe('conflict');
    expect((await row(withQr.id))?.status).toBe('verified');
    const plain = await add('plain.example.net');
    expect(await kit.push('removeDomain', { id: plain.id, workspace_id: ws })).toBeNull();
    expect((await row(plain.id))?.status).toBe('removed');
    expect(await jobIds(certificateQueue)).toContain(`domain-certificate-${plain.id}-revoke-1`);
  });

  it('a failed domain asked to verify again gets a fresh round of checks', async () => {
    const { id } = await add('retry.example.net');
    await kit.sql("UPDATE custom_domains SET status = 'failed', check_attempts = 7 WHERE id = $1", [id]);
    expect(await kit.push('verifyDomain', { id, workspace_id: ws })).toBeNull();
    const [state] = await kit.sql<{ status: string; check_attempts: number }>(
      'SELECT status, check_attempts FROM custom_domains WHERE id = $1',
      [id],
    );
    expect(state).toEqual({ status: 'pending', check_attempts: 0 });
    expect((await jobIds(verifyQueue)).some((job) => job.startsWith(`domain-verify-${id}-manual-`))).toBe(
      true,
    );
  });

  it('a certificate is ordered only for a verified domain', async () => {
    const { id } = await add('tls.example.net');
    expect(await kit.push('retryDomainCertificate', { id, workspace_id: ws })).toBe('conflict');
    await verified(id);
    expect(await kit.push('retryDomainCertificate', { id, workspace_id: ws })).toBeNull();
    expect(
      (await jobIds(certificateQueue)).some((job) => job.startsWith(`domain-certificate-${id}-manual-`)),
    ).toBe(true);
  });
});

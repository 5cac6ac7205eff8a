import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../testing/command-kit';

/** Which host a new link, QR code or page lives on: a verified domain of the workspace, else the system host. */
let kit: CommandKit;
let ws: string;
let other: Account;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
  other = await kit.signUp('Olga');
  await kit.setPlan('pro', other.workspaceId);
});
afterAll(async () => kit.close());

async function domain(
  workspaceId: string,
  hostname: string,
  purpose: 'links' | 'bio' | 'all',
  status: 'pending' | 'verified',
): Promise<string> {
  const [row] = await kit.sql<{ id: string }>(
    `INSERT INTO custom_domains (workspace_id, hostname, status, purpose, verified_at)
     VALUES ($1, $2, $3, $4, CASE WHEN $3 = 'verified' THEN now() END) RETURNING id`,
    [workspaceId, hostname, status, purpose],
  );
  if (!row) throw new Error('no domain');
  return row.id;
}

async function hostOfLink(id: unknown): Promise<string | undefined> {
  const [row] = await kit.sql<{ hostname: string }>(
    'SELECT d.hostname FROM links l JOIN custom_domains d ON d.id = l.domain_id WHERE l.id = $1',
    [id],
  );
  return row?.hostname;
}

describe('linkHostFor', () => {
  it('no domain: the system link host', async () => {
    const link = linkArgs(ws);
    expect(await kit.push('createLink', link)).toBeNull();
    expect(await hostOfLink(link.id)).toBe(kit.deps.config.LINK_HOST);
  });

  it('a verified links or all-purpose domain of the workspace', async () => {
    for (const purpose of ['links', 'all'] as const) {
      const id = await domain(ws, `${purpose}.example.net`, purpose, 'verified');
      const link = linkArgs(ws, { domain_id: id });
      expect(await kit.push('createLink', link)).toBeNull();
      expect(await hostOfLink(link.id)).toBe(`${purpose}.example.net`);
    }
  });

  it('refuses a pending domain, a bio-only domain and another workspace’s domain as not found, writing nothing', async () => {
    const refused = [
      await domain(ws, 'pending.example.net', 'links', 'pending'),
      await domain(ws, 'bio-only.example.net', 'bio', 'verified'),
      await domain(other.workspaceId, 'theirs.example.net', 'links', 'verified'),
    ];
    for (const id of refused) {
      const link = linkArgs(ws, { domain_id: id });
      expect(await kit.push('createLink', link)).toBe('not_found');
      expect(await kit.sql('SELECT 1 FROM links WHERE id = $1', [link.id])).toHaveLength(0);
    }
    const [notice] = (await kit.notices()).slice(-1);
    expect(notice?.details).toEqual([expect.objectContaining({ field: 'domain', issue: 'not_found' })]);
  });
});

describe('bioHostFor', () => {
  it('a page lives on the system bio host, or on a verified bio domain; never on a links-only one', async () => {
    const plain = randomUUID();
    expect(
      await kit.push('createPage', { id: plain, workspace_id: ws, handle: 'plain', title: 'P' }),
    ).toBeNull();
    const bio = await domain(ws, 'me.example.net', 'bio', 'verified');
    const onBio = randomUUID();
    expect(
      await kit.push('createPage', {
        id: onBio,
        workspace_id: ws,
        handle: 'mine',
        title: 'M',
        domain_id: bio,
      }),
    ).toBeNull();
    const linksOnly = await domain(ws, 'short.example.net', 'links', 'verified');
    expect(
      await kit.push('createPage', {
        id: randomUUID(),
        workspace_id: ws,
        handle: 'no',
        title: 'N',
        domain_id: linksOnly,
      }),
    ).toBe('not_found');
    const rows = await kit.sql<{ id: string; hostname: string }>(
      'SELECT p.id, d.hostname FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id WHERE p.id = ANY($1::uuid[])',
      [[plain, onBio]],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.hostname]))).toEqual({
      [plain]: kit.deps.config.BIO_HOST,
      [onBio]: 'me.example.net',
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setPlan, startKit, type Kit } from '../../testing/accounts-kit';
import { loadVisibleRows } from '../../sync/visible-set';

let kit: Kit;
type Env<T> = { data: T };
type Err = { error: { code: string; message: string; details: Array<Record<string, unknown>> } };

let owner: { token: string; userId: string; workspaceId: string };
let ws: string;
let domainId: string;

async function join(email: string): Promise<{ token: string; userId: string; memberId: string }> {
  const invite = await kit.call('POST', `/api/workspaces/${ws}/invitations`, {
    token: owner.token,
    body: { email, role: 'editor' },
  });
  expect(invite.status).toBe(201);
  const inviteToken = await kit.tokenFromMail(email, 'invited you');
  const person = await kit.signUp(email);
  const accepted = await kit.call('POST', '/api/invitations/accept', {
    token: person.token,
    body: { token: inviteToken },
  });
  expect(accepted.status).toBe(200);
  const body = await kit.json<Env<{ member_id: string }>>(accepted);
  return { token: person.token, userId: person.userId, memberId: body.data.member_id };
}

async function insert(sql: string, values: unknown[]): Promise<string> {
  const { rows } = await kit.deps.pool.query<{ id: string }>(sql, values);
  const id = rows[0]?.id;
  if (!id) throw new Error('insert returned nothing');
  return id;
}

const link = (slug: string) =>
  insert(
    "INSERT INTO links (workspace_id, domain_id, slug, destination_url) VALUES ($1, $2, $3, 'https://example.com/') RETURNING id",
    [ws, domainId, slug],
  );
const page = (handle: string) =>
  insert('INSERT INTO bio_pages (workspace_id, domain_id, handle) VALUES ($1, $2, $3) RETURNING id', [
    ws,
    domainId,
    handle,
  ]);

async function grant(memberId: string, type: 'link' | 'bio_page', id: string): Promise<string> {
  const res = await kit.call('POST', `/api/workspaces/${ws}/grants`, {
    token: owner.token,
    body: { member_id: memberId, resource_type: type, resource_id: id },
  });
  expect(res.status).toBe(201);
  return (await kit.json<Env<{ id: string }>>(res)).data.id;
}

const revoke = (grantId: string, query = '') =>
  kit.call('DELETE', `/api/workspaces/${ws}/grants/${grantId}${query}`, { token: owner.token });

/** The content keys (pages, links) this user's devices would hold after a pull. */
async function visible(userId: string): Promise<string[]> {
  return (await loadVisibleRows(kit.deps.pool, userId))
    .map((r) => r.key)
    .filter((k) => k.startsWith('link/') || k.startsWith('page/'))
    .sort();
}

let links: string[] = [];
let pages: string[] = [];

beforeAll(async () => {
  kit = await startKit();
  owner = await kit.signUp('priya@agency.example');
  ws = owner.workspaceId;
  await setPlan(kit, ws, 'business');
  domainId = await insert(
    "INSERT INTO custom_domains (hostname, is_system, purpose, status, verification_method, verified_at, tls_status) VALUES ('lnk.localhost', true, 'all', 'verified', 'system', now(), 'not_required') RETURNING id",
    [],
  );
  links = [await link('one'), await link('two'), await link('three')];
  pages = [await page('bio-one'), await page('bio-two')];
});
afterAll(async () => {
  await kit.stop();
});

describe('revoking a scoped member’s last grant (D-510)', () => {
  it('answers 409 last_grant naming the choices and what the member would see; nothing changes', async () => {
    const sam = await join('sam@freelance.example');
    const pageGrant = await grant(sam.memberId, 'bio_page', pages[0] ?? '');
    const linkGrant = await grant(sam.memberId, 'link', links[0] ?? '');
    expect(await visible(sam.userId)).toEqual([`link/${links[0]}`, `page/${pages[0]}`].sort());

    // Not the last grant: revoked, and the visible set is the old one minus the revoked page.
    const first = await revoke(pageGrant);
    expect(first.status).toBe(200);
    expect((await kit.json<Env<Record<string, boolean>>>(first)).data).toMatchObject({
      revoked: true,
      member_unscoped: false,
      member_removed: false,
    });
    expect(await visible(sam.userId)).toEqual([`link/${links[0]}`]);

    // The last one: refused, with what un-scoping would give, and nothing widened.
    const last = await revoke(linkGrant);
    expect(last.status).toBe(409);
    const err = (await kit.json<Err>(last)).error;
    expect(err.code).toBe('last_grant');
    expect(err.details[0]).toMatchObject({
      field: 'then',
      issue: 'last_grant',
      options: ['unscope', 'remove_member'],
      member_id: sam.memberId,
      role: 'editor',
      links: 3,
      bio_pages: 2,
      qr_codes: 0,
    });
    expect(await visible(sam.userId)).toEqual([`link/${links[0]}`]);
    const still = await kit.deps.pool.query('SELECT is_scoped FROM workspace_members WHERE id = $1', [
      sam.memberId,
    ]);
    expect(still.rows).toEqual([{ is_scoped: true }]);

    // An unknown choice is a validation error, not a silent default.
    const bad = await revoke(linkGrant, '?then=widen');
    expect(bad.status).toBe(400);
    expect((await kit.json<Err>(bad)).error.code).toBe('validation_failed');
  });

  it('`then=unscope` makes the member unscoped: they see every page and link, and it is audited', async () => {
    const ana = await join('ana@freelance.example');
    const only = await grant(ana.memberId, 'link', links[1] ?? '');
    const res = await revoke(only, '?then=unscope');
    expect(res.status).toBe(200);
    expect((await kit.json<Env<Record<string, boolean>>>(res)).data).toMatchObject({
      member_unscoped: true,
      member_removed: false,
    });
    expect(await visible(ana.userId)).toEqual(
      [...links.map((l) => `link/${l}`), ...pages.map((p) => `page/${p}`)].sort(),
    );
    const audit = await kit.deps.pool.query<{ action: string }>(
      "SELECT action FROM audit_log_entries WHERE workspace_id = $1 AND resource_id IN ($2, $3) AND action IN ('grant.revoked', 'member.unscoped') ORDER BY action",
      [ws, links[1], ana.memberId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['grant.revoked', 'member.unscoped']);
  });

  it('`then=remove_member` ends the membership: the member sees nothing of the workspace', async () => {
    const kai = await join('kai@freelance.example');
    const only = await grant(kai.memberId, 'bio_page', pages[1] ?? '');
    const res = await revoke(only, '?then=remove_member');
    expect(res.status).toBe(200);
    expect((await kit.json<Env<Record<string, boolean>>>(res)).data).toMatchObject({
      member_unscoped: false,
      member_removed: true,
    });
    const row = await kit.deps.pool.query<{ gone: boolean }>(
      'SELECT deleted_at IS NOT NULL AS gone FROM workspace_members WHERE id = $1',
      [kai.memberId],
    );
    expect(row.rows).toEqual([{ gone: true }]);
    expect(await visible(kai.userId)).toEqual([]);
    const members = await kit.json<Env<Array<{ id: string }>>>(
      await kit.call('GET', `/api/workspaces/${ws}/members`, { token: owner.token }),
    );
    expect(members.data.map((m) => m.id)).not.toContain(kai.memberId);
  });

  it('`then` is ignored while other grants remain', async () => {
    const lee = await join('lee@freelance.example');
    const a = await grant(lee.memberId, 'link', links[0] ?? '');
    await grant(lee.memberId, 'link', links[2] ?? '');
    const res = await revoke(a, '?then=unscope');
    expect(res.status).toBe(200);
    expect(await visible(lee.userId)).toEqual([`link/${links[2]}`]);
  });
});

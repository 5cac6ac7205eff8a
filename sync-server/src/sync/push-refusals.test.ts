import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startV1Kit, type V1Kit } from '../testing/v1-kit';

/** A mutation the server cannot apply is refused with a notice, never a 500 that blocks sync. */
let kit: V1Kit;

beforeAll(async () => {
  kit = await startV1Kit();
  await kit.deps.pool.query('UPDATE users SET email_verified_at = now()');
});
afterAll(async () => kit.stop());

type Mutation = { name: string; args: unknown };

function pusher(token: string) {
  const clientGroupID = `cg-${randomUUID()}`;
  const clientID = `c-${randomUUID()}`;
  let next = 1;
  const push = async (...mutations: Mutation[]) => (await pushAnswered(...mutations)).status;
  /** The push door's whole answer: its status and body. */
  const pushAnswered = async (...mutations: Mutation[]) => {
    const res = await kit.call('POST', '/replicache/push', {
      token,
      body: {
        pushVersion: 1,
        clientGroupID,
        profileID: 'p',
        schemaVersion: '',
        mutations: mutations.map((m) => ({ clientID, id: next++, name: m.name, args: m.args, timestamp: 0 })),
      },
    });
    return { status: res.status, body: (await res.json()) as unknown };
  };
  /** The same mutations again, with their ids: what Replicache resends after a lost answer. */
  const replay = async (from: number, ...mutations: Mutation[]) =>
    kit.call('POST', '/replicache/push', {
      token,
      body: {
        pushVersion: 1,
        clientGroupID,
        profileID: 'p',
        schemaVersion: '',
        mutations: mutations.map((m, i) => ({
          clientID,
          id: from + i,
          name: m.name,
          args: m.args,
          timestamp: 0,
        })),
      },
    });
  /** One mutation whose args are raw JSON text (a value too deep for JSON.stringify on the test's side). */
  const pushRaw = async (name: string, argsJson: string) => {
    const body = `{"pushVersion":1,"clientGroupID":"${clientGroupID}","profileID":"p","schemaVersion":"","mutations":[{"clientID":"${clientID}","id":${next++},"name":"${name}","args":${argsJson},"timestamp":0}]}`;
    const res = await kit.app.request('/replicache/push', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body,
    });
    return res.status;
  };
  const lastMutationId = async () => {
    const { rows } = await kit.deps.pool.query<{ last_mutation_id: string }>(
      'SELECT last_mutation_id FROM replicache_clients WHERE id = $1',
      [clientID],
    );
    return Number(rows[0]?.last_mutation_id ?? 0);
  };
  const notices = async () =>
    (
      await kit.deps.pool.query<{
        code: string;
        message: string;
        mutation_id: string;
        resource_title: string | null;
      }>(
        'SELECT code, message, mutation_id, resource_title FROM sync_notices WHERE client_id = $1 ORDER BY mutation_id',
        [clientID],
      )
    ).rows;
  return { push, pushAnswered, replay, clientID, pushRaw, lastMutationId, notices };
}

const linkExists = async (id: string) =>
  (await kit.deps.pool.query('SELECT 1 FROM links WHERE id = $1', [id])).rows.length === 1;

describe('what a push answers (D-561)', () => {
  it('names the last mutation id the server committed for the client, a refused one included; a replay answers the same', async () => {
    const p = pusher(kit.owner.token);
    const id = randomUUID();
    const create = {
      name: 'createLink',
      args: { id, workspace_id: kit.owner.workspaceId, destination_url: 'https://example.com/d' },
    };
    const refused = {
      name: 'updateLink',
      args: {
        id,
        workspace_id: kit.owner.workspaceId,
        starts_at: '2030-06-01T00:00:00.000Z',
        expires_at: '2030-01-01T00:00:00.000Z',
      },
    };
    const answered = await p.pushAnswered(create, refused);
    expect(answered).toEqual({ status: 200, body: { lastMutationIDs: { [p.clientID]: 2 } } });
    expect(await p.lastMutationId()).toBe(2);
    expect((await p.notices()).map((n) => n.mutation_id)).toEqual(['2']);
    const replayed = await p.replay(1, create, refused);
    expect(replayed.status).toBe(200);
    expect(await replayed.json()).toEqual({ lastMutationIDs: { [p.clientID]: 2 } });
  });
});

describe('push refusals', () => {
  it('16.1: a schedule with the start after the expiry is refused with a notice, and the next change still syncs', async () => {
    const p = pusher(kit.owner.token);
    const id = randomUUID();
    expect(
      await p.push({
        name: 'createLink',
        args: {
          id,
          workspace_id: kit.owner.workspaceId,
          destination_url: 'https://example.com/a',
          title: 'Spring sale',
        },
      }),
    ).toBe(200);
    const inverted = {
      id,
      workspace_id: kit.owner.workspaceId,
      starts_at: '2030-06-01T00:00:00.000Z',
      expires_at: '2030-01-01T00:00:00.000Z',
    };
    expect(await p.push({ name: 'updateLink', args: inverted })).toBe(200);
    expect(await p.lastMutationId()).toBe(2);
    const [notice] = await p.notices();
    expect(notice?.message).toMatch(/Spring sale.*not saved: the expiry must be after the start\./);
    const { rows } = await kit.deps.pool.query<{ starts_at: string | null }>(
      'SELECT starts_at FROM links WHERE id = $1',
      [id],
    );
    expect(rows[0]?.starts_at).toBeNull();
    expect(
      await p.push({
        name: 'updateLink',
        args: { id, workspace_id: kit.owner.workspaceId, title: 'Summer sale' },
      }),
    ).toBe(200);
    expect(await p.lastMutationId()).toBe(3);
    const { rows: after } = await kit.deps.pool.query<{ title: string }>(
      'SELECT title FROM links WHERE id = $1',
      [id],
    );
    expect(after[0]?.title).toBe('Summer sale');
  });

  it('16.1: the database check itself (bypassing the schema) refuses the mutation the same way', async () => {
    const p = pusher(kit.owner.token);
    const id = randomUUID();
    await p.push({
      name: 'createLink',
      args: { id, workspace_id: kit.owner.workspaceId, destination_url: 'https://example.com/b' },
    });
    // One side at a time: each alone passes the schema, the stored pair breaks ck_links_window.
    expect(
      await p.push({
        name: 'updateLink',
        args: { id, workspace_id: kit.owner.workspaceId, expires_at: '2030-01-01T00:00:00.000Z' },
      }),
    ).toBe(200);
    expect(
      await p.push({
        name: 'updateLink',
        args: { id, workspace_id: kit.owner.workspaceId, starts_at: '2030-06-01T00:00:00.000Z' },
      }),
    ).toBe(200);
    expect(await p.lastMutationId()).toBe(3);
    const notices = await p.notices();
    expect(notices.map((n) => n.code)).toEqual(['validation_failed']);
    expect(notices[0]?.message).toMatch(/the expiry must be after the start/);
  });

  it('16.2/16.3: an id taken in another workspace is refused with the same neutral notice as any id conflict, naming nothing foreign', async () => {
    const foreign = pusher(kit.other.token);
    const id = randomUUID();
    await kit.deps.pool.query('UPDATE users SET email_verified_at = now()');
    expect(
      await foreign.push({
        name: 'createLink',
        args: {
          id,
          workspace_id: kit.other.workspaceId,
          destination_url: 'https://example.com/secret',
          title: 'Secret launch',
        },
      }),
    ).toBe(200);
    expect(await linkExists(id)).toBe(true);

    const p = pusher(kit.owner.token);
    expect(
      await p.push({
        name: 'createLink',
        args: { id, workspace_id: kit.owner.workspaceId, destination_url: 'https://example.com/mine' },
      }),
    ).toBe(200);
    // The same clash with an id of the user's own workspace, for comparison.
    const ownId = randomUUID();
    await p.push({
      name: 'createLink',
      args: { id: ownId, workspace_id: kit.owner.workspaceId, destination_url: 'https://example.com/own' },
    });
    expect(
      await p.push({
        name: 'createLink',
        args: { id: ownId, workspace_id: kit.owner.workspaceId, destination_url: 'https://example.com/own' },
      }),
    ).toBe(200);
    expect(await p.lastMutationId()).toBe(3);
    const notices = await p.notices();
    expect(notices).toHaveLength(2);
    expect(notices[0]?.message).toBe('Your change was not saved: an item with this id already exists.');
    expect(notices[1]?.message).toBe(notices[0]?.message);
    expect(notices[0]?.code).toBe(notices[1]?.code);
    const { rows } = await kit.deps.pool.query<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [id],
    );
    expect(rows[0]?.destination_url).toBe('https://example.com/secret');
  });

  it('16.3: changing a resource of another tenant is refused without its title', async () => {
    const foreign = pusher(kit.other.token);
    const id = randomUUID();
    await foreign.push({
      name: 'createLink',
      args: {
        id,
        workspace_id: kit.other.workspaceId,
        destination_url: 'https://example.com/s',
        title: 'Confidential merger',
      },
    });
    const p = pusher(kit.owner.token);
    for (const name of ['updateLink', 'pauseLink', 'archiveLink'])
      expect(
        await p.push({
          name,
          args: { id, workspace_id: kit.other.workspaceId, ...(name === 'updateLink' ? { title: 'x' } : {}) },
        }),
      ).toBe(200);
    const notices = await p.notices();
    expect(notices).toHaveLength(3);
    for (const n of notices) {
      expect(n.message).not.toMatch(/Confidential/);
      expect(n.resource_title).toBeNull();
    }
  });

  it('a refused domain change names the domain as the editor shows it (the host typed, in Unicode), and a foreign one stays unnamed', async () => {
    const p = pusher(kit.owner.token);
    const first = randomUUID();
    const add = (id: string, hostname: string) =>
      p.push({
        name: 'addDomain',
        args: { id, workspace_id: kit.owner.workspaceId, hostname, purpose: 'links' },
      });
    expect(await add(first, 'münchen-links.de')).toBe(200);
    expect(await add(randomUUID(), 'MÜNCHEN-links.de.')).toBe(200);
    expect(
      await p.push({ name: 'removeDomain', args: { id: randomUUID(), workspace_id: kit.owner.workspaceId } }),
    ).toBe(200);
    const notices = await p.notices();
    expect(notices.map((n) => n.message)).toEqual([
      'Your change to “münchen-links.de” was not saved: this domain is already connected to a workspace.',
      expect.stringMatching(/^Your change was not saved: /),
    ]);
  });

  it('16.4: branding 5,000 levels deep or over 256 KB is refused with a notice (2 MB: 413 at the door), never a 500, and nothing is stored', async () => {
    const p = pusher(kit.owner.token);
    const deep = `${'{"a":'.repeat(5000)}"x"${'}'.repeat(5000)}`;
    const blob = { logo_url: `https://example.com/${'x'.repeat(300 * 1024)}` };
    const huge = { logo_url: `https://example.com/${'x'.repeat(2 * 1024 * 1024)}` };
    const ws = kit.owner.workspaceId;
    expect(await p.pushRaw('updateWorkspaceSettings', `{"workspace_id":"${ws}","branding":${deep}}`)).toBe(
      200,
    );
    expect(
      await p.push({ name: 'updateWorkspaceSettings', args: { workspace_id: ws, branding: blob } }),
    ).toBe(200);
    // Refused before it is read (the push body limit); the client mutator refuses it before it is ever queued.
    expect(
      await pusher(kit.owner.token).push({
        name: 'updateWorkspaceSettings',
        args: { workspace_id: ws, branding: huge },
      }),
    ).toBe(413);
    expect(
      await p.push({
        name: 'updateWorkspaceSettings',
        args: { workspace_id: ws, holding_page: { title: 'Hi', colour: 'red' } },
      }),
    ).toBe(200);
    expect(await p.lastMutationId()).toBe(3);
    const notices = await p.notices();
    expect(notices.map((n) => n.code)).toEqual([
      'validation_failed',
      'validation_failed',
      'validation_failed',
    ]);
    expect(notices[0]?.message).toMatch(/nested deeper than 16 levels/i);
    expect(notices[1]?.message).toMatch(/larger than 256 KB/i);
    const { rows } = await kit.deps.pool.query<{ branding: unknown; holding_page: unknown }>(
      'SELECT branding, holding_page FROM workspaces WHERE id = $1',
      [ws],
    );
    expect(JSON.stringify(rows[0]?.branding ?? {}).length).toBeLessThan(1000);
    expect(rows[0]?.holding_page).not.toHaveProperty('colour');
    expect(
      await p.push({
        name: 'updateWorkspaceSettings',
        args: { workspace_id: ws, branding: { primary_color: '#112233' } },
      }),
    ).toBe(200);
    const { rows: after } = await kit.deps.pool.query<{ branding: { primary_color?: string } }>(
      'SELECT branding FROM workspaces WHERE id = $1',
      [ws],
    );
    expect(after[0]?.branding.primary_color).toBe('#112233');
  });

  it('a NUL character (U+0000) in a title is refused with a notice, and the next change still syncs', async () => {
    const p = pusher(kit.owner.token);
    const id = randomUUID();
    const ref = { id, workspace_id: kit.owner.workspaceId };
    expect(
      await p.push(
        { name: 'createLink', args: { ...ref, destination_url: 'https://example.com/nul', title: 'Nul' } },
        { name: 'updateLink', args: { ...ref, title: 'a\u0000b' } },
        { name: 'updateLink', args: { ...ref, title: 'After' } },
      ),
    ).toBe(200);
    expect(await p.lastMutationId()).toBe(3);
    expect((await p.notices()).map((n) => n.code)).toEqual(['validation_failed']);
    const { rows } = await kit.deps.pool.query<{ title: string }>('SELECT title FROM links WHERE id = $1', [
      id,
    ]);
    expect(rows[0]?.title).toBe('After');
  });

  it('a NUL character in the protocol fields is a 400, not a push that fails in the database', async () => {
    const res = await kit.call('POST', '/replicache/push', {
      token: kit.owner.token,
      body: { pushVersion: 1, clientGroupID: 'cg\u0000', profileID: 'p', schemaVersion: '', mutations: [] },
    });
    expect(res.status).toBe(400);
  });
});

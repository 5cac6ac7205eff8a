import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { linkArgs, startCommandKit, type CommandKit } from '../../testing/command-kit';

/** The link commands, driven the way a device's push drives them (by mutator name). */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);
type LinkRow = {
  slug: string;
  destination_url: string;
  status: string;
  archived: boolean;
  rules: Array<{ id?: string }>;
  current_version: number;
};
async function row(id: unknown): Promise<LinkRow | undefined> {
  const [found] = await kit.sql<LinkRow>(
    'SELECT slug, destination_url, status, archived_at IS NOT NULL AS archived, rules, current_version FROM links WHERE id = $1',
    [id],
  );
  return found;
}
async function actions(id: unknown): Promise<string[]> {
  const found = await kit.sql<{ action: string }>(
    'SELECT action FROM audit_log_entries WHERE resource_id = $1 ORDER BY id',
    [id],
  );
  return found.map((a) => a.action);
}

describe('createLink', () => {
  it('creates the link with its tags and UTM and answers the address', async () => {
    const link = linkArgs(ws, { slug: 'spring', title: 'Spring', tags: ['season'], utm: { source: 'mail' } });
    expect(await kit.push('createLink', link)).toBeNull();
    const [stored] = await kit.sql<{ tags: string[]; utm: unknown; title: string }>(
      'SELECT tags, utm, title FROM links WHERE id = $1',
      [link.id],
    );
    expect(stored).toEqual({ tags: ['season'], utm: { source: 'mail' }, title: 'Spring' });
  });

  it('refuses a destination on a private address, writing nothing', async () => {
    const link = linkArgs(ws, { destination_url: 'https://intranet.example.com/admin' });
    expect(await kit.push('createLink', link)).toBe('destination_unsafe');
    expect(await row(link.id)).toBeUndefined();
  });
});

describe('updateLink', () => {
  it('re-points: a new version, the destination-change audit action and the key rewritten', async () => {
    const link = linkArgs(ws, { slug: 're-point' });
    await kit.push('createLink', link);
    expect(
      await kit.push('updateLink', {
        id: link.id,
        workspace_id: ws,
        destination_url: 'https://example.com/b',
      }),
    ).toBeNull();
    expect(await row(link.id)).toMatchObject({
      destination_url: 'https://example.com/b',
      current_version: 2,
    });
    expect(await actions(link.id)).toEqual(['link.created', 'link.destination_changed']);
    expect(await kit.deps.redis.get(keyOf('re-point'))).toContain('https://example.com/b');
  });

  it('a slug change moves the address: the old key stops resolving, the new one resolves', async () => {
    const link = linkArgs(ws, { slug: 'old-name' });
    await kit.push('createLink', link);
    expect(await kit.deps.redis.exists(keyOf('old-name'))).toBe(1);
    expect(await kit.push('updateLink', { id: link.id, workspace_id: ws, slug: 'new-name' })).toBeNull();
    expect(await kit.deps.redis.exists(keyOf('old-name'))).toBe(0);
    expect(await kit.deps.redis.get(keyOf('new-name'))).toContain('https://example.com/a');
  });

  it('gives every targeting rule sent without an id its own id', async () => {
    const link = linkArgs(ws);
    await kit.push('createLink', link);
    const rules = [
      { conditions: [{ kind: 'country', values: ['FR'] }], destination_url: 'https://example.com/fr' },
      { conditions: [{ kind: 'device', values: ['mobile'] }], destination_url: 'https://example.com/m' },
    ];
    expect(await kit.push('updateLink', { id: link.id, workspace_id: ws, rules })).toBeNull();
    const ids = (await row(link.id))?.rules.map((r) => r.id) ?? [];
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
  });

  it('refuses an unsafe rule destination naming the rule’s field', async () => {
    const link = linkArgs(ws);
    await kit.push('createLink', link);
    const rules = [
      { conditions: [{ kind: 'country', values: ['FR'] }], destination_url: 'https://intranet.example.com/' },
    ];
    expect(await kit.push('updateLink', { id: link.id, workspace_id: ws, rules })).toBe('destination_unsafe');
    expect((await kit.notices()).at(-1)?.details).toEqual([
      expect.objectContaining({ field: 'rules.0.destination_url', issue: 'destination_unsafe' }),
    ]);
    expect((await row(link.id))?.rules).toEqual([]);
  });

  it('a link of another workspace, or none at all, is not found', async () => {
    expect(await kit.push('updateLink', { id: randomUUID(), workspace_id: ws, title: 'x' })).toBe(
      'not_found',
    );
  });

  it('an update whose every field lost to a newer value writes no version', async () => {
    const link = linkArgs(ws, { title: 'A' });
    await kit.push('createLink', link);
    await kit.push('updateLink', { id: link.id, workspace_id: ws, title: 'B' });
    expect(
      await kit.push('updateLink', { id: link.id, workspace_id: ws, title: 'C', base: { title: 'A' } }),
    ).toBe('edit_conflict');
    expect((await row(link.id))?.current_version).toBe(2);
  });
});

describe('link lifecycle', () => {
  it('pause, resume, archive and restore: each a version and an audit entry, the key rebuilt each time', async () => {
    const link = linkArgs(ws, { slug: 'cycle' });
    await kit.push('createLink', link);
    const ref = { id: link.id, workspace_id: ws };
    expect(await kit.push('pauseLink', ref)).toBeNull();
    expect(await row(link.id)).toMatchObject({ status: 'paused' });
    expect(await kit.deps.redis.get(keyOf('cycle'))).toContain('paused');
    expect(await kit.push('resumeLink', ref)).toBeNull();
    expect(await kit.push('archiveLink', ref)).toBeNull();
    expect(await row(link.id)).toMatchObject({ status: 'active', archived: true });
    expect(await kit.push('updateLink', { ...ref, title: 'while archived' })).toBe('resource_archived');
    expect(await kit.push('restoreLink', ref)).toBeNull();
    expect(await row(link.id)).toMatchObject({ archived: false, current_version: 5 });
    expect(await actions(link.id)).toEqual([
      'link.created',
      'link.paused',
      'link.resumed',
      'link.archived',
      'link.restored',
    ]);
    expect(await kit.deps.redis.get(keyOf('cycle'))).not.toContain('paused');
  });
});

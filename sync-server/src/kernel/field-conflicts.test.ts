import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nothingLeft, normalised, sameValue } from './field-conflicts';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** Per-field conflicts of an update with a `base` (D-500): the newer stored value is kept, the rest applies. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

async function linkRow(id: string): Promise<{ title: string | null; tags: string[] }> {
  const [row] = await kit.sql<{ title: string | null; tags: string[] }>(
    'SELECT title, tags FROM links WHERE id = $1',
    [id],
  );
  if (!row) throw new Error('no link');
  return row;
}

describe('keepNewerFields through an update with a base', () => {
  it('a stale base keeps the newer value, applies the other fields, and leaves a notice with both values', async () => {
    const create = linkArgs(ws, { title: 'Old' });
    const id = String(create.id);
    expect(await kit.push('createLink', create)).toBeNull();
    expect(await kit.push('updateLink', { id, workspace_id: ws, title: 'Theirs' })).toBeNull();
    const code = await kit.push('updateLink', {
      id,
      workspace_id: ws,
      title: 'Mine',
      tags: ['spring'],
      base: { title: 'Old', tags: [] },
    });
    expect(code).toBe('edit_conflict');
    expect(await linkRow(id)).toEqual({ title: 'Theirs', tags: ['spring'] });
    const notice = (await kit.notices()).at(-1);
    expect(notice?.details).toEqual([
      {
        field: 'title',
        mine: 'Mine',
        theirs: 'Theirs',
        mutation: 'updateLink',
        ref: { id, workspace_id: ws },
      },
    ]);
    expect(notice?.message).toContain('“Theirs”');
    expect(notice?.message).toContain('newer title was kept');
    const [audit] = await kit.sql<{ changes: unknown }>(
      "SELECT changes FROM audit_log_entries WHERE action = 'link.edit_conflict' AND resource_id = $1",
      [id],
    );
    expect(audit?.changes).toMatchObject({
      after: { kept: { title: 'Theirs' }, not_applied: { title: 'Mine' } },
    });
  });

  it('a base that still matches the stored value applies the edit without a notice', async () => {
    const create = linkArgs(ws, { title: 'Same' });
    const id = String(create.id);
    await kit.push('createLink', create);
    const before = (await kit.notices()).length;
    expect(
      await kit.push('updateLink', { id, workspace_id: ws, title: 'Next', base: { title: 'Same' } }),
    ).toBeNull();
    expect((await linkRow(id)).title).toBe('Next');
    expect(await kit.notices()).toHaveLength(before);
  });

  it('someone else already made the same change: no conflict', async () => {
    const create = linkArgs(ws, { title: 'Draft' });
    const id = String(create.id);
    await kit.push('createLink', create);
    await kit.push('updateLink', { id, workspace_id: ws, title: 'Final' });
    expect(
      await kit.push('updateLink', { id, workspace_id: ws, title: 'Final', base: { title: 'Draft' } }),
    ).toBeNull();
  });

  it('a merged field (a page theme) keeps only the conflicting key; the other keys apply', async () => {
    const id = randomUUID();
    await kit.push('createPage', { id, workspace_id: ws, handle: `t-${id.slice(0, 8)}`, title: 'Themed' });
    await kit.push('updatePage', { id, workspace_id: ws, theme: { background: '#111111' } });
    const code = await kit.push('updatePage', {
      id,
      workspace_id: ws,
      theme: { background: '#222222', text: '#333333' },
      base: { theme: { background: null, text: null } },
    });
    expect(code).toBe('edit_conflict');
    const [page] = await kit.sql<{ theme: Record<string, unknown> }>(
      'SELECT theme FROM bio_pages WHERE id = $1',
      [id],
    );
    expect(page?.theme).toMatchObject({ background: '#111111', text: '#333333' });
    const notice = (await kit.notices()).at(-1);
    expect(notice?.details).toMatchObject([
      { field: 'theme.background', mine: '#222222', theirs: '#111111' },
    ]);
  });
});

describe('normalised / sameValue / nothingLeft', () => {
  it('compares instants, key order and absence the way a stored row and a device spell them', () => {
    expect(sameValue(new Date('2026-03-01T10:00:00Z'), '2026-03-01T11:00:00+01:00')).toBe(true);
    expect(sameValue({ b: 1, a: [2, { d: 3, c: undefined }] }, { a: [2, { d: 3 }], b: 1 })).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('a', 'b')).toBe(false);
    expect(sameValue(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(normalised('2026-13-45T10:00')).toBe('2026-13-45T10:00');
    expect(normalised('not a time')).toBe('not a time');
  });

  it('nothingLeft is true only when every remaining arg is a reference or undefined', () => {
    expect(nothingLeft({ id: 'x', workspace_id: 'w', title: undefined }, ['id', 'workspace_id'])).toBe(true);
    expect(nothingLeft({ id: 'x', workspace_id: 'w', title: null }, ['id', 'workspace_id'])).toBe(false);
  });
});

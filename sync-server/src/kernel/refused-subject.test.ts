import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../testing/command-kit';

/** A refused mutation's notice names what it was about — only what the pusher may see. */
let kit: CommandKit;
let ws: string;
let stranger: Account;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
  stranger = await kit.signUp('Stan');
  await kit.sql('UPDATE users SET email_verified_at = now()');
});
afterAll(async () => kit.close());

describe('describeRefused', () => {
  it('names the owner’s own link by its title in the notice', async () => {
    const link = linkArgs(ws, { title: 'Spring sale', slug: 'spring-taken' });
    await kit.push('createLink', link);
    await kit.push('createLink', linkArgs(ws, { slug: 'other-slug' }));
    const code = await kit.push('updateLink', { id: link.id, workspace_id: ws, slug: 'other-slug' });
    expect(code).toBe('slug_taken');
    const notice = (await kit.notices()).at(-1);
    expect(notice).toMatchObject({
      resource_type: 'link',
      resource_id: link.id,
      resource_title: 'Spring sale',
    });
    expect(notice?.message).toContain('Spring sale');
  });

  it('never names another tenant’s resource nor workspace', async () => {
    const link = linkArgs(ws, { title: 'Secret launch' });
    await kit.push('createLink', link);
    expect(await kit.push('updateLink', { id: link.id, workspace_id: ws, title: 'Mine now' }, stranger)).toBe(
      'not_found',
    );
    const [notice] = await kit.sql<{
      workspace_id: string | null;
      resource_title: string | null;
      message: string;
    }>('SELECT workspace_id, resource_title, message FROM sync_notices WHERE user_id = $1', [
      stranger.userId,
    ]);
    expect(notice).toMatchObject({ workspace_id: null, resource_title: null });
    expect(notice?.message).not.toContain('Secret launch');
  });

  it('a failing lookup (a workspace id that is no uuid) leaves the push usable and the notice anonymous', async () => {
    const by = await kit.actor();
    const described = await kit.deps.commands.inTransaction(async (scope) => {
      const about = await kit.deps.commands.describe(scope, by, 'updateLink', {
        id: 'nope',
        workspace_id: 'x',
      });
      const [row] = (await scope.tx.query<{ one: number }>('SELECT 1 AS one')).rows;
      return { about, usable: row?.one };
    });
    expect(described).toEqual({ about: { workspaceId: null }, usable: 1 });
  });

  it('a create names what the user typed (the resource does not exist yet)', async () => {
    const by = await kit.actor();
    const id = randomUUID();
    const about = await kit.deps.commands.inTransaction((scope) =>
      kit.deps.commands.describe(scope, by, 'createLink', {
        id,
        workspace_id: ws,
        destination_url: 'x',
        title: 'Typed',
      }),
    );
    expect(about.workspaceId).toBe(ws);
    expect(about.resource?.id).toBe(id);
  });
});

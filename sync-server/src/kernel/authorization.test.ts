import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@linkhub/shared/errors/app-error';
import { createLink, updateLink } from '@linkhub/shared/mutators/links';
import { authorizeCommand, authorizeMutation, loadAuthorizeInput } from './authorization';
import { linkArgs, startCommandKit, type Account, type CommandKit } from '../testing/command-kit';

/** Every mutation passes one gate, from its mutator's own declaration (action, target, every touched row). */
let kit: CommandKit;
let ws: string;
let viewer: Account;
let stranger: Account;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
  viewer = await kit.signUp('Vic');
  stranger = await kit.signUp('Stan');
  await kit.sql('UPDATE users SET email_verified_at = now()');
  await kit.addMember(ws, viewer.userId, 'viewer');
});
afterAll(async () => kit.close());

const codeOf = (e: unknown) => (e instanceof AppError ? e.code : String(e));

describe('a denied mutation in a push', () => {
  it('changes no row, advances the client past it and leaves the pusher a notice', async () => {
    const args = linkArgs(ws, { title: 'Not yours' });
    const device = kit.device(viewer);
    expect(await device.push({ name: 'createLink', args })).toBe(200);
    expect(await kit.sql('SELECT 1 FROM links WHERE id = $1', [args.id])).toHaveLength(0);
    expect(await device.lastMutationId()).toBe(1);
    const [notice] = await kit.notices(viewer);
    expect(notice).toMatchObject({ code: 'insufficient_role', mutation_name: 'createLink' });
    expect(notice?.message).toContain('your role is Viewer');
  });

  it('a non-member is told not_found: the workspace stays invisible', async () => {
    expect(await kit.push('createLink', linkArgs(ws), stranger)).toBe('not_found');
  });
});

describe('authorizeMutation', () => {
  it('passes every matrix row the args touch: a viewer may not change a destination nor a title', async () => {
    const link = linkArgs(ws);
    await kit.run('createLink', link);
    const by = await kit.actor(viewer);
    const args = updateLink.args.parse({ id: link.id, workspace_id: ws, title: 'x' });
    await kit.deps.commands.inTransaction(async ({ tx }) => {
      await expect(authorizeMutation(tx, by, updateLink, args)).rejects.toSatisfy(
        (e) => codeOf(e) === 'insufficient_role',
      );
    });
  });

  it('hands the command the membership, the webhook listeners and the members to poke', async () => {
    const by = await kit.actor();
    const args = createLink.args.parse(linkArgs(ws));
    const loaded = await authorizeMutation(kit.deps.pool, by, createLink, args);
    expect(loaded.member).toMatchObject({ role: 'owner', workspaceId: ws });
    expect(loaded.webhookListeners).toEqual([]);
    expect(new Set(loaded.members?.userIds)).toEqual(new Set([kit.owner.userId, viewer.userId]));
  });

  it('args without a workspace are not found', async () => {
    const by = await kit.actor();
    const parsed = { id: randomUUID(), workspace_id: 42 };
    // @ts-expect-error -- a workspace_id that is no string is exactly what is being refused
    await expect(authorizeMutation(kit.deps.pool, by, createLink, parsed)).rejects.toSatisfy(
      (e) => codeOf(e) === 'not_found',
    );
  });
});

describe('authorizeCommand / loadAuthorizeInput', () => {
  it('an owner may create; a stranger is refused as not_found', async () => {
    await expect(
      authorizeCommand(kit.deps.pool, await kit.actor(), 'link.create', ws),
    ).resolves.toBeUndefined();
    await expect(
      authorizeCommand(kit.deps.pool, await kit.actor(stranger), 'link.create', ws),
    ).rejects.toSatisfy((e) => codeOf(e) === 'not_found');
  });

  it('loads the addressed resource for a targeted action, and null for one that does not exist', async () => {
    const link = linkArgs(ws);
    await kit.run('createLink', link);
    const by = await kit.actor();
    const found = await loadAuthorizeInput(kit.deps.pool, by, 'link.update', ws, {
      type: 'link',
      id: String(link.id),
    });
    expect(found.resource).toMatchObject({ type: 'link', id: link.id, deleted: false, archived: false });
    const missing = await loadAuthorizeInput(kit.deps.pool, by, 'link.update', ws, {
      type: 'link',
      id: randomUUID(),
    });
    expect(missing.resource).toBeNull();
  });
});

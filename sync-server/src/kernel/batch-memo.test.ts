import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchMemo } from './batch-memo';
import { loadAuthorizeInput } from './authorization';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** A bulk import reads its authorize input once, but counts its quota afresh for every item. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

describe('BatchMemo', () => {
  it('loads once per (workspace, action, target) and recounts the quota each item may add to', async () => {
    const memo = new BatchMemo();
    const by = await kit.actor();
    let loads = 0;
    const load = () => {
      loads += 1;
      return loadAuthorizeInput(kit.deps.pool, by, 'link.create', ws);
    };
    const first = await memo.authorizeInput(kit.deps.pool, 'link.create', ws, undefined, load);
    expect(first.usage).toEqual({ links: 0 });
    await kit.run('createLink', linkArgs(ws));
    const second = await memo.authorizeInput(kit.deps.pool, 'link.create', ws, undefined, load);
    expect(loads).toBe(1);
    expect(second.usage).toEqual({ links: 1 });
    expect(second.membership).toEqual(first.membership);
  });

  it('a different action or target is its own entry; an action without a quota is not recounted', async () => {
    const memo = new BatchMemo();
    const by = await kit.actor();
    const link = linkArgs(ws);
    await kit.run('createLink', link);
    const target = { type: 'link' as const, id: String(link.id) };
    let loads = 0;
    const load = () => {
      loads += 1;
      return loadAuthorizeInput(kit.deps.pool, by, 'link.update', ws, target);
    };
    const a = await memo.authorizeInput(kit.deps.pool, 'link.update', ws, target, load);
    const b = await memo.authorizeInput(kit.deps.pool, 'link.update', ws, target, load);
    expect(b).toBe(a);
    await memo.authorizeInput(kit.deps.pool, 'link.update', ws, { type: 'link', id: ws }, load);
    expect(loads).toBe(2);
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { clientMutators } from '@linkhub/shared/mutators/index';
import { syncKeys } from '@linkhub/shared/sync/keys';
import type { ConflictDetail } from '@linkhub/shared/mutators/base';
import { DurableReplicache } from '../../replicache/durable-rep';
import type { Rep } from '../../replicache/create-rep';
import { reissueMine } from './reissue';

/** "Keep mine" on a conflict notice: the author's value sent again, its base the value now stored. */
const ids = {
  link: '0190f1f0-0000-7000-8000-0000000000a1',
  page: '0190f1f0-0000-7000-8000-0000000000a2',
  block: '0190f1f0-0000-7000-8000-0000000000a3',
  workspace: '0190f1f0-0000-7000-8000-0000000000a4',
};

let rep: Rep | null = null;
afterEach(async () => {
  await rep?.close();
  rep = null;
});
function open(): Rep {
  rep = new DurableReplicache({ name: `reissue-${Math.random()}`, mutators: clientMutators, kvStore: 'mem' });
  return rep;
}
const detail = (over: Partial<ConflictDetail>): ConflictDetail => ({
  field: 'title',
  mine: 'Mine',
  theirs: 'Theirs',
  mutation: 'updateLink',
  ref: { id: ids.link, workspace_id: ids.workspace },
  ...over,
});
async function pendingArgs(r: Rep): Promise<unknown[]> {
  return (await r.experimentalPendingMutations()).map((m) => ({ name: m.name, args: m.args }));
}

describe('reissueMine', () => {
  it('issues the author’s field again through the mutator that met the conflict, based on theirs', async () => {
    const r = open();
    await r.mutate.createLink({
      id: ids.link,
      workspace_id: ids.workspace,
      destination_url: 'https://example.com/a',
      title: 'Theirs',
    });
    await reissueMine(r, detail({}));
    expect(await r.query((tx) => tx.get(syncKeys.link(ids.link)))).toMatchObject({ title: 'Mine' });
    expect((await pendingArgs(r)).at(-1)).toEqual({
      name: 'updateLink',
      args: { id: ids.link, workspace_id: ids.workspace, title: 'Mine', base: { title: 'Theirs' } },
    });
  });

  it('a key of a merged field goes back as that key alone (a block’s text)', async () => {
    const r = open();
    await reissueMine(
      r,
      detail({
        field: 'data.text',
        mine: 'Hello',
        theirs: 'Hi',
        mutation: 'updateBlock',
        ref: { id: ids.block, page_id: ids.page, workspace_id: ids.workspace },
      }),
    );
    expect((await pendingArgs(r)).at(-1)).toEqual({
      name: 'updateBlock',
      args: {
        id: ids.block,
        page_id: ids.page,
        workspace_id: ids.workspace,
        data: { text: 'Hello' },
        base: { data: { text: 'Hi' } },
      },
    });
  });

  it('refuses what the mutator’s schema refuses, sending nothing', async () => {
    const r = open();
    await r.mutate.createLink({
      id: ids.link,
      workspace_id: ids.workspace,
      destination_url: 'https://example.com/a',
    });
    await expect(reissueMine(r, detail({ field: 'slug', mine: 'not a slug!' }))).rejects.toThrow();
    expect(await pendingArgs(r)).toHaveLength(1);
  });

  it('a mutation it does not know is an error, not a silent no-op', async () => {
    const r = open();
    await expect(reissueMine(r, detail({ mutation: 'deleteEverything' }))).rejects.toThrow(
      'No way to issue deleteEverything again.',
    );
  });
});

import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Replicache } from 'replicache';
import { MutatorValidationError } from '@linkhub/shared/mutators/define';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { syncKeys } from '@linkhub/shared/sync/keys';
import { deferredMutators } from './deferred-mutators';

const ids = {
  link: '0190f1f0-0000-7000-8000-000000000001',
  workspace: '0190f1f0-0000-7000-8000-000000000002',
};

let rep: Replicache<typeof deferredMutators> | null = null;
afterEach(async () => {
  await rep?.close();
  rep = null;
});

const open = () => {
  rep = new Replicache({ name: `deferred-${Math.random()}`, mutators: deferredMutators, kvStore: 'mem' });
  return rep;
};

describe('the mutators Replicache opens with (loaded at the first mutation)', () => {
  it('are exactly the shared mutators, so the client group keeps its name', () => {
    expect(Object.keys(deferredMutators).sort()).toEqual([...MUTATOR_NAMES].sort());
  });

  it('run the shared mutator once it has loaded: the optimistic row is in the local store', async () => {
    const r = open();
    await r.mutate.createLink({
      id: ids.link,
      workspace_id: ids.workspace,
      destination_url: 'https://example.com/a',
      slug: 'first',
    });
    const row = await r.query((tx) => tx.get(syncKeys.link(ids.link)));
    expect(row).toMatchObject({ id: ids.link, slug: 'first', destination_url: 'https://example.com/a' });
  });

  it("refuse bad args with the shared schema's field errors, storing nothing", async () => {
    const r = open();
    const refused = r.mutate.createLink({
      id: ids.link,
      workspace_id: ids.workspace,
      destination_url: 'not a url',
    });
    await expect(refused).rejects.toBeInstanceOf(MutatorValidationError);
    await expect(refused).rejects.toMatchObject({
      details: [expect.objectContaining({ field: 'destination_url' })],
    });
    expect(await r.query((tx) => tx.get(syncKeys.link(ids.link)))).toBeUndefined();
  });
});

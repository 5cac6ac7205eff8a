import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Replicache, type WriteTransaction } from 'replicache';
import { generateNKeysBetween } from 'fractional-indexing';
import { clientMutators } from '@linkhub/shared/mutators/index';
import { syncKeys } from '@linkhub/shared/sync/keys';
import { getLink, listBlocks, listDomains, listLinks, listPages } from './queries';

/** The editor's reads of the local store: per workspace, in order, and only rows their schema accepts. */
const mutators = {
  ...clientMutators,
  put: async (tx: WriteTransaction, { key, value }: { key: string; value: unknown }) => {
    await tx.set(key, JSON.parse(JSON.stringify(value)));
  },
};
const ws = '0190f1f0-0000-7000-8000-0000000000c1';
const other = '0190f1f0-0000-7000-8000-0000000000c2';
const id = (n: number) => `0190f1f0-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`;

let rep: Replicache<typeof mutators> | null = null;
afterEach(async () => {
  await rep?.close();
  rep = null;
});
const open = () => {
  rep = new Replicache({ name: `queries-${Math.random()}`, mutators, kvStore: 'mem' });
  return rep;
};

describe('queries', () => {
  it('lists a workspace’s links only, and skips a stored row its schema refuses', async () => {
    const r = open();
    await r.mutate.createLink({ id: id(1), workspace_id: ws, destination_url: 'https://example.com/1' });
    await r.mutate.createLink({ id: id(2), workspace_id: other, destination_url: 'https://example.com/2' });
    await r.mutate.put({ key: syncKeys.link(id(3)), value: { id: id(3), workspace_id: ws, slug: 42 } });
    expect((await r.query((tx) => listLinks(tx, ws))).map((l) => l.id)).toEqual([id(1)]);
    expect(await r.query((tx) => getLink(tx, id(3)))).toBeNull();
    expect((await r.query((tx) => getLink(tx, id(2))))?.workspace_id).toBe(other);
  });

  it('lists a page’s blocks in their fractional-index order, not their key order', async () => {
    const r = open();
    const page = id(10);
    await r.mutate.createPage({ id: page, workspace_id: ws, handle: 'maya', title: 'Maya' });
    const [first, second, third] = generateNKeysBetween(null, null, 3);
    for (const [n, position] of [
      [13, first],
      [11, third],
      [12, second],
    ] as const)
      await r.mutate.addBlock({
        id: id(n),
        page_id: page,
        workspace_id: ws,
        type: 'header',
        data: { text: `b${n}` },
        position: position ?? '',
      });
    expect((await r.query((tx) => listBlocks(tx, page))).map((b) => b.id)).toEqual([id(13), id(12), id(11)]);
    expect((await r.query((tx) => listPages(tx, ws))).map((p) => p.handle)).toEqual(['maya']);
    expect(await r.query((tx) => listPages(tx, other))).toEqual([]);
  });

  it('a workspace’s domains include the system hosts (no workspace) but no other workspace’s', async () => {
    const r = open();
    const domain = (n: number, workspace: string | null) => ({
      id: id(n),
      workspace_id: workspace,
      hostname: `d${n}.example.net`,
      purpose: 'links',
      status: 'verified',
      is_system: workspace === null,
    });
    for (const [n, w] of [
      [20, ws],
      [21, null],
      [22, other],
    ] as const)
      await r.mutate.put({ key: syncKeys.domain(id(n)), value: domain(n, w) });
    const hosts = (await r.query((tx) => listDomains(tx, ws))).map((d) => d.hostname).sort();
    expect(hosts).toEqual(['d20.example.net', 'd21.example.net']);
  });
});

import { syncKeys } from '@linkhub/shared/sync/keys';
import type { SyncClient } from './sync-harness';

/**
 * The folder mutators (and a link's folder and note) for the mutator contract suite
 * (sync/mutators.contract.test.ts), in the shape of its cases.
 */
type Ctx = { ws: string; link: string; folder: string };
type Case = {
  name: string;
  run: (c: SyncClient, x: Ctx) => Promise<unknown>;
  key: (x: Ctx) => string;
  fields: readonly string[] | 'absent';
};

export const FOLDER_CONTRACT_CASES: readonly Case[] = [
  {
    name: 'createFolder',
    run: (c, x) => c.rep.mutate.createFolder({ id: x.folder, workspace_id: x.ws, name: 'Contract folder' }),
    key: (x) => syncKeys.folder(x.folder),
    fields: ['name', 'parent_id'],
  },
  {
    name: 'updateFolder',
    run: (c, x) => c.rep.mutate.updateFolder({ id: x.folder, workspace_id: x.ws, name: 'Renamed folder' }),
    key: (x) => syncKeys.folder(x.folder),
    fields: ['name', 'parent_id'],
  },
  {
    name: 'updateLink',
    run: (c, x) =>
      c.rep.mutate.updateLink({ id: x.link, workspace_id: x.ws, folder_id: x.folder, note: 'Private note' }),
    key: (x) => syncKeys.link(x.link),
    fields: ['folder_id', 'note'],
  },
  {
    name: 'deleteFolder',
    run: (c, x) => c.rep.mutate.deleteFolder({ id: x.folder, workspace_id: x.ws }),
    key: (x) => syncKeys.folder(x.folder),
    fields: 'absent',
  },
];

import { z } from 'zod';
import { syncKeys } from '../sync/keys';
import { defineMutator } from './define';
import { hostnameArg, idArg, workspaceArg } from './args';

export const addDomainArgs = z
  .object({
    id: idArg,
    workspace_id: workspaceArg,
    hostname: hostnameArg,
    purpose: z.enum(['links', 'bio', 'all']).default('links'),
  })
  .strict();
export const removeDomainArgs = z.object({ id: idArg, workspace_id: workspaceArg }).strict();

export const addDomain = defineMutator({
  name: 'addDomain',
  args: addDomainArgs,
  action: 'domain.create',
  client: async (tx, args) => {
    await tx.set(syncKeys.domain(args.id), {
      id: args.id,
      workspace_id: args.workspace_id,
      hostname: args.hostname,
      is_system: false,
      purpose: args.purpose,
      status: 'pending',
    });
  },
});

export const removeDomain = defineMutator({
  name: 'removeDomain',
  args: removeDomainArgs,
  action: 'domain.delete',
  target: (args) => ({ type: 'domain', id: args.id }),
  client: async (tx, { id }) => {
    await tx.del(syncKeys.domain(id));
  },
});

export const domainMutators = [addDomain, removeDomain] as const;

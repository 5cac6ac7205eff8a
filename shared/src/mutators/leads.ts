import { deleteLeadArgs } from '../schemas/leads';
import { defineMutator } from './define';

/**
 * Erasure of one lead (`DELETE /v1/leads/{id}`): the row and every copy of its address (webhook
 * deliveries, a sign-up still queued) are removed. Leads are not synced to devices (they are
 * personal data, read through the session routes), so this mutator has nothing to do on the
 * client and is not in the Replicache registry: its command serves the REST door.
 */
export const deleteLead = defineMutator({
  name: 'deleteLead',
  args: deleteLeadArgs,
  action: 'lead.delete',
  target: (args) => ({ type: 'lead', id: args.id }),
  client: async () => undefined,
});

export const leadMutators = [deleteLead] as const;

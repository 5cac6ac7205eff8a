import { resourceEvents } from '../../kernel/webhook-events';
import { findLink } from './queries';
import { serializeLink } from './serializer';

/** The webhook events link commands name (`webhookEvent`), the payload the link as `/v1` returns it. */
export const LINK_EVENTS = resourceEvents(
  {
    resource: 'link',
    load: async (db, addressOf, workspaceId, id) => {
      const row = await findLink(db, workspaceId, id);
      return row ? serializeLink(row, addressOf) : null;
    },
  },
  { created: 'link.created', updated: 'link.updated', archived: 'link.archived' },
);

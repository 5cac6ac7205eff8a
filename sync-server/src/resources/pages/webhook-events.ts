import { resourceEvents } from '../../kernel/webhook-events';
import { findPage, pageBlocks } from './queries';
import { serializePage } from './serializer';

/**
 * The webhook events page commands name (`webhookEvent`), the payload the page as `/v1` returns it.
 * Draft edits of a page's blocks emit nothing: the public sees a change when the page is published.
 */
export const PAGE_EVENTS = resourceEvents(
  {
    resource: 'bio_page',
    load: async (db, addressOf, workspaceId, id) => {
      const row = await findPage(db, workspaceId, id);
      return row ? serializePage(row, await pageBlocks(db, id), addressOf) : null;
    },
  },
  {
    created: 'bio_page.created',
    updated: 'bio_page.updated',
    published: 'bio_page.published',
    archived: 'bio_page.archived',
  },
);

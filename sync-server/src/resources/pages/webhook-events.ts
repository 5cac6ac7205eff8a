import {
  archivePage,
  createPage,
  publishPage,
  restorePageVersion,
  unpublishPage,
  updatePage,
} from '@linkhub/shared/mutators/pages';
import type { WebhookEventSource } from '../../kernel/webhook-events';
import { findPage, pageBlocks } from './queries';
import { serializePage } from './serializer';

/** Draft edits of a page's blocks emit nothing: the public sees a change when the page is published. */
export const PAGE_WEBHOOK_EVENTS: WebhookEventSource = {
  resource: 'bio_page',
  load: async (db, addressOf, workspaceId, id) => {
    const row = await findPage(db, workspaceId, id);
    return row ? serializePage(row, await pageBlocks(db, id), addressOf) : null;
  },
  emittedBy: [
    { command: createPage, type: 'bio_page.created' },
    { command: updatePage, type: 'bio_page.updated' },
    { command: unpublishPage, type: 'bio_page.updated' },
    { command: restorePageVersion, type: 'bio_page.updated' },
    { command: publishPage, type: 'bio_page.published' },
    { command: archivePage, type: 'bio_page.archived' },
  ],
};

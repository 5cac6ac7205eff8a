import {
  archiveLink,
  createLink,
  pauseLink,
  restoreLink,
  resumeLink,
  setLinkPassword,
  updateLink,
} from '@linkhub/shared/mutators/links';
import type { WebhookEventSource } from '../../kernel/webhook-events';
import { findLink } from './queries';
import { serializeLink } from './serializer';

export const LINK_WEBHOOK_EVENTS: WebhookEventSource = {
  resource: 'link',
  load: async (db, addressOf, workspaceId, id) => {
    const row = await findLink(db, workspaceId, id);
    return row ? serializeLink(row, addressOf) : null;
  },
  emittedBy: [
    { command: createLink, type: 'link.created' },
    { command: updateLink, type: 'link.updated' },
    { command: pauseLink, type: 'link.updated' },
    { command: resumeLink, type: 'link.updated' },
    { command: restoreLink, type: 'link.updated' },
    { command: setLinkPassword, type: 'link.updated' },
    { command: archiveLink, type: 'link.archived' },
  ],
};

import { archiveQrCode, createQrCode, restoreQrCode, updateQrCode } from '@linkhub/shared/mutators/qr-codes';
import type { WebhookEventSource } from '../../kernel/webhook-events';
import { findQrCode } from './queries';
import { serializeQrCode } from './serializer';

export const QR_CODE_WEBHOOK_EVENTS: WebhookEventSource = {
  resource: 'qr_code',
  load: async (db, addressOf, workspaceId, id) => {
    const row = await findQrCode(db, workspaceId, id);
    return row ? serializeQrCode(row, addressOf) : null;
  },
  emittedBy: [
    { command: createQrCode, type: 'qr_code.created' },
    { command: updateQrCode, type: 'qr_code.updated' },
    { command: restoreQrCode, type: 'qr_code.updated' },
    { command: archiveQrCode, type: 'qr_code.archived' },
  ],
};

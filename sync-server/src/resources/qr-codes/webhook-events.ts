import { resourceEvents } from '../../kernel/webhook-events';
import { findQrCode } from './queries';
import { serializeQrCode } from './serializer';

/** The webhook events QR code commands name (`webhookEvent`), the payload the code as `/v1` returns it. */
export const QR_CODE_EVENTS = resourceEvents(
  {
    resource: 'qr_code',
    load: async (db, addressOf, workspaceId, id) => {
      const row = await findQrCode(db, workspaceId, id);
      return row ? serializeQrCode(row, addressOf) : null;
    },
  },
  { created: 'qr_code.created', updated: 'qr_code.updated', archived: 'qr_code.archived' },
);

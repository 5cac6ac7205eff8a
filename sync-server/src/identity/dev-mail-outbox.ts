import { outboxLocation } from '@linkhub/shared/server/mail/outbox-location';
import { isLocalUrl } from '../platform/auth-config';

/**
 * Where a development server's mails go, for the editor to say under "we sent you an e-mail": the
 * outbox folder when no SMTP is configured and the server runs on a local address (D-527). A public
 * server answers null, so it never shows a folder of its own disk to strangers.
 */
export function devMailOutbox(config: {
  PUBLIC_SYNC_URL: string;
  SMTP_URL?: string | undefined;
  OUTBOX_DIR?: string | undefined;
}): string | null {
  if (!isLocalUrl(config.PUBLIC_SYNC_URL)) return null;
  return outboxLocation(config);
}

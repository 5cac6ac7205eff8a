import type { NotificationConstructorOptions } from 'electron';
import type { NotifyRequest } from '@linkhub/shared/platform/bridge';

/** Electron's `Notification` class, as far as we use it. */
export type NotificationClass = {
  isSupported(): boolean;
  new (options: NotificationConstructorOptions): { show(): void };
};

/** A system notification; false where the OS has none. Notifications never play a sound. */
export function showNotification(Notification: NotificationClass, request: NotifyRequest): boolean {
  if (!Notification.isSupported()) return false;
  new Notification({ title: request.title, body: request.body, silent: true }).show();
  return true;
}

import { isAbsolute, relative, resolve } from 'node:path';
import { REPO_ROOT } from '../config/repo-path';

/**
 * Where the dev outbox is, as a person would type it: relative to the repo root when inside it
 * (`.linkhub/outbox/`), else absolute. Null when SMTP delivers mail (there is no outbox to point at).
 */
export function outboxLocation(
  settings: { SMTP_URL?: string | undefined; OUTBOX_DIR?: string | undefined },
  root: string = REPO_ROOT,
): string | null {
  if (settings.SMTP_URL !== undefined && settings.SMTP_URL !== '') return null;
  const dir = resolve(root, settings.OUTBOX_DIR ?? '.linkhub/outbox');
  const inside = relative(root, dir);
  const shown = inside === '' || inside.startsWith('..') || isAbsolute(inside) ? dir : inside;
  return shown.endsWith('/') ? shown : `${shown}/`;
}

import type { NoticeView } from '@linkhub/shared/sync/views';

/**
 * A refused change belongs to the workspace it was made in (D-525): the panel shows the current
 * workspace's notices and the ones about no workspace (account-level), never another workspace's.
 */
export function noticesForWorkspace(notices: readonly NoticeView[], workspaceId: string): NoticeView[] {
  return notices.filter((n) => n.workspace_id === null || n.workspace_id === workspaceId);
}

/** Where each kind of resource opens, and what it is called in the link text. */
const OPENS: Record<string, { noun: string; path: (id: string) => string }> = {
  link: { noun: 'link', path: (id) => `/links/${id}` },
  bio_page: { noun: 'bio page', path: (id) => `/pages/${id}` },
  qr_code: { noun: 'QR code', path: (id) => `/qr/${id}` },
  experiment: { noun: 'A/B test', path: (id) => `/links/experiments/${id}` },
  domain: { noun: 'domains', path: () => '/domains' },
  webhook: { noun: 'webhooks', path: () => '/settings' },
  lead: { noun: 'leads', path: () => '/pages/leads' },
};

/** The editor a notice is about (its path and link text), or null when it names no resource. */
export function noticeTarget(notice: NoticeView): { href: string; label: string } | null {
  const { resource_type: type, resource_id: id, resource_title: title } = notice;
  if (type === null || id === null) return null;
  const opens = OPENS[type];
  if (!opens) return null;
  const named = title !== null && title !== '' ? ` “${title}”` : '';
  return { href: opens.path(id), label: `Open ${opens.noun}${named}` };
}

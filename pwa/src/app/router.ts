import { useSyncExternalStore } from 'react';

/** A tiny history router: the path is the state; `navigate` pushes and notifies subscribers. */
const subscribe = (notify: () => void) => {
  window.addEventListener('popstate', notify);
  return () => window.removeEventListener('popstate', notify);
};

export function usePath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}

export function navigate(path: string): void {
  if (path === window.location.pathname) return;
  window.history.pushState(null, '', path);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

export const SECTIONS = [
  { id: 'links', label: 'Links' },
  { id: 'qr', label: 'QR codes' },
  { id: 'pages', label: 'Bio pages' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'domains', label: 'Domains' },
  { id: 'members', label: 'Members' },
  { id: 'settings', label: 'Settings' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** `/links/abc` → { section: 'links', rest: ['abc'] }; unknown paths show Links. */
export function parsePath(path: string): { section: SectionId; rest: string[] } {
  const [first = '', ...rest] = path.split('/').filter((p) => p !== '');
  const section = SECTIONS.find((s) => s.id === first)?.id ?? 'links';
  return { section, rest };
}

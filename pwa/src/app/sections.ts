/** The editor's sections, in nav order; the first path segment picks one. */
export const SECTIONS = [
  { id: 'links', label: 'Links' },
  { id: 'qr', label: 'QR codes' },
  { id: 'pages', label: 'Bio pages' },
  { id: 'analytics', label: 'Analytics' },
  { id: 'domains', label: 'Domains' },
  { id: 'members', label: 'Members' },
  { id: 'billing', label: 'Plan' },
  { id: 'settings', label: 'Settings' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** `/links/abc` → { section: 'links', rest: ['abc'] }; unknown paths show Links. */
export function parsePath(path: string): { section: SectionId; rest: string[] } {
  const [first = '', ...rest] = path.split('/').filter((p) => p !== '');
  const section = SECTIONS.find((s) => s.id === first)?.id ?? 'links';
  return { section, rest };
}

import { useState } from 'react';
import { useConnection, type Connection } from './connection';

const SECTIONS = [
  { id: 'links', label: 'Links', blurb: 'Branded short links with rules, UTM and analytics.' },
  { id: 'qr', label: 'QR codes', blurb: 'Dynamic QR codes that never stop resolving.' },
  { id: 'pages', label: 'Bio pages', blurb: 'Link-in-bio pages built from blocks.' },
  { id: 'analytics', label: 'Analytics', blurb: 'Cookie-free clicks, scans and views.' },
] as const;

type SectionId = (typeof SECTIONS)[number]['id'];

const CONNECTION_LABEL: Record<Connection, string> = {
  online: 'Synced',
  offline: 'Offline: changes are kept on this device',
  'server-unreachable': 'Sync server unreachable: changes are kept on this device',
};

/** The editor's frame: navigation and the sync status. The feature screens plug in here. */
export function Shell() {
  const [section, setSection] = useState<SectionId>('links');
  const connection = useConnection();
  const current = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  return (
    <div style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '0 auto', padding: 16 }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12 }}>
        <h1 style={{ fontSize: 20, margin: 0 }}>LinkHub editor</h1>
        <span role="status" aria-live="polite" data-connection={connection}>
          {CONNECTION_LABEL[connection]}
        </span>
      </header>
      <nav aria-label="Sections" style={{ display: 'flex', gap: 8, margin: '16px 0', flexWrap: 'wrap' }}>
        {SECTIONS.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-current={s.id === section ? 'page' : undefined}
            onClick={() => setSection(s.id)}
          >
            {s.label}
          </button>
        ))}
      </nav>
      <main>
        <h2 style={{ fontSize: 18 }}>{current.label}</h2>
        <p>{current.blurb}</p>
      </main>
    </div>
  );
}

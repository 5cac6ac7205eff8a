import { useId, useMemo, useState } from 'react';

export type PickableResource = {
  id: string;
  kind: 'Link' | 'QR code' | 'Bio page';
  name: string;
  detail: string;
  tags: string[];
};

const MAX_SHOWN = 30;

/**
 * Choose what the dashboard shows: the whole workspace or one link, QR code or bio page, found by
 * typing any part of its title, address or tags (a workspace may hold hundreds).
 */
export function ResourcePicker({
  resources,
  current,
  onPick,
}: {
  resources: PickableResource[];
  current: string | null;
  onPick: (id: string | null) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const selected = resources.find((r) => r.id === current);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const found =
      q === ''
        ? resources
        : resources.filter((r) =>
            [r.name, r.detail, r.kind, ...r.tags].some((text) => text.toLowerCase().includes(q)),
          );
    return { shown: found.slice(0, MAX_SHOWN), total: found.length };
  }, [resources, query]);
  const pick = (value: string | null) => {
    onPick(value);
    setOpen(false);
    setQuery('');
  };
  return (
    <div className="an-picker">
      <span className="an-picker-label" id={`${id}-label`}>
        Showing
      </span>
      <button
        type="button"
        className="an-picker-current"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        aria-describedby={`${id}-label`}
        onClick={() => setOpen((o) => !o)}
      >
        {selected
          ? `${selected.kind}: ${selected.name}`
          : current === null
            ? 'Whole workspace'
            : 'A resource not in this workspace'}
      </button>
      {open && (
        <div className="an-picker-panel" id={`${id}-panel`}>
          <label htmlFor={`${id}-search`}>Find a link, QR code or page</label>
          <input
            id={`${id}-search`}
            type="search"
            value={query}
            autoFocus
            placeholder="Title, address or tag"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
          />
          <p className="muted" aria-live="polite">
            {matches.total === 0
              ? 'Nothing matches.'
              : matches.total > MAX_SHOWN
                ? `${matches.total} match; the first ${MAX_SHOWN} are shown. Type more to narrow.`
                : `${matches.total} match.`}
          </p>
          <ul className="an-picker-list">
            <li>
              <button type="button" aria-pressed={current === null} onClick={() => pick(null)}>
                Whole workspace
              </button>
            </li>
            {matches.shown.map((r) => (
              <li key={r.id}>
                <button type="button" aria-pressed={r.id === current} onClick={() => pick(r.id)}>
                  <span className="an-kind">{r.kind}</span> {r.name} <span className="muted">{r.detail}</span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

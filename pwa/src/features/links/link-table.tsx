import { useState } from 'react';
import type { LinkView, SummaryView } from '@linkhub/shared/sync/views';
import { displayUrl } from './destination-display';
import { linkState, type LinkSort } from './link-filter';

const ROW = 48;
const HEIGHT = 480;
const OVERSCAN = 6;

type Props = {
  links: LinkView[];
  summaries: Record<string, SummaryView>;
  selected: string | null;
  onOpen: (id: string) => void;
  sort: LinkSort;
  onSort: (sort: LinkSort) => void;
  /** The links picked for "Move to folder" (D-620); absent: no checkboxes. */
  picked?: ReadonlySet<string>;
  onPick?: (id: string, on: boolean) => void;
};

/** Windowed list: only the rows in view (plus a few) are in the DOM, so thousands of rows scroll smoothly. */
export function LinkTable({ links, summaries, selected, onOpen, sort, onSort, picked, onPick }: Props) {
  const [top, setTop] = useState(0);
  const height = Math.min(HEIGHT, Math.max(links.length, 1) * ROW);
  const first = Math.max(0, Math.floor(top / ROW) - OVERSCAN);
  const last = Math.min(links.length, Math.ceil((top + height) / ROW) + OVERSCAN);
  const now = Date.now();
  const sortButton = (key: LinkSort, label: string) => (
    <button type="button" onClick={() => onSort(key)} aria-pressed={sort === key}>
      {label}
    </button>
  );
  return (
    <div className="vtable" role="table" aria-label="Links" aria-rowcount={links.length + 1}>
      <div className="vhead" role="row" aria-rowindex={1}>
        <span role="columnheader">{sortButton('slug', 'Short link')}</span>
        <span role="columnheader">Destination</span>
        <span role="columnheader">Status</span>
        <span role="columnheader">{sortButton('clicks', '7-day clicks')}</span>
        <span role="columnheader">{sortButton('newest', 'Created')}</span>
      </div>
      <div
        className="vbody"
        style={{ height }}
        onScroll={(e) => setTop(e.currentTarget.scrollTop)}
        role="rowgroup"
        tabIndex={0}
        aria-label="Link rows"
      >
        <div style={{ height: links.length * ROW, position: 'relative' }}>
          {links.slice(first, last).map((link, i) => {
            const index = first + i;
            const state = linkState(link, now);
            return (
              <div
                key={link.id}
                role="row"
                aria-rowindex={index + 2}
                className={`vrow${link.id === selected ? ' selected' : ''}`}
                style={{ top: index * ROW }}
                data-link-id={link.id}
              >
                <span role="cell" className="two-line">
                  {picked && onPick && (
                    <input
                      type="checkbox"
                      className="pick"
                      checked={picked.has(link.id)}
                      onChange={(e) => onPick(link.id, e.target.checked)}
                      aria-label={`Select ${link.title ?? link.slug}`}
                    />
                  )}
                  <button
                    type="button"
                    className="link"
                    onClick={() => onOpen(link.id)}
                    aria-label={`Edit ${link.title ?? link.slug}`}
                  >
                    {link.title ?? link.slug}
                  </button>
                  <small className="muted">
                    {link.host ? `${link.host}/` : ''}
                    {link.slug || '…'}
                  </small>
                </span>
                <span role="cell" title={displayUrl(link.destination_url)} className="dest">
                  {displayUrl(link.destination_url)}
                </span>
                <span role="cell">
                  <span className={`badge ${state}`}>{state}</span>
                </span>
                <span role="cell">{summaries[link.id]?.totals_7d ?? 0}</span>
                <span role="cell" className="muted">
                  {link.created_at.slice(0, 10)}
                </span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}

import { useEffect, useState, type RefObject } from 'react';

type Entry = { id: string; title: string };

function entriesOf(container: HTMLElement): Entry[] {
  return [...container.querySelectorAll<HTMLHeadingElement>('h2[id]')].map((heading) => ({
    id: heading.id,
    title: heading.textContent?.trim() ?? '',
  }));
}

const sameEntries = (a: Entry[], b: Entry[]) =>
  a.length === b.length && a.every((entry, i) => entry.id === b[i]?.id && entry.title === b[i]?.title);

/**
 * "On this page": a link to every section heading (`h2[id]`) inside `container`, read from what is
 * on screen, so a section the member's role hides is never listed. A link moves focus to its heading.
 */
export function PageIndex({ container }: { container: RefObject<HTMLElement | null> }) {
  const [entries, setEntries] = useState<Entry[]>([]);
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const refresh = () =>
      setEntries((current) => {
        const next = entriesOf(root);
        return sameEntries(current, next) ? current : next;
      });
    refresh();
    const observer = new MutationObserver(refresh);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [container]);
  if (entries.length < 3) return null;
  return (
    <nav className="page-index" aria-label="On this page">
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a
              href={`#${entry.id}`}
              onClick={(e) => {
                e.preventDefault();
                const heading = document.getElementById(entry.id);
                if (!heading) return;
                heading.tabIndex = -1;
                heading.scrollIntoView({ block: 'start' });
                heading.focus({ preventScroll: true });
              }}
            >
              {entry.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/** The editor's phone width (the frame's own breakpoint in styles.css). */
const PHONE_QUERY = '(max-width: 720px)';
const TABS = ['edit', 'preview'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { edit: 'Edit', preview: 'Preview' };

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() =>
    typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY).matches : false,
  );
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(PHONE_QUERY);
    const changed = () => setNarrow(query.matches);
    changed();
    query.addEventListener('change', changed);
    return () => query.removeEventListener('change', changed);
  }, []);
  return narrow;
}

/**
 * The controls beside their live preview (D-610): side by side on a wide screen; on a phone a sticky
 * "Edit | Preview" tab list shows one at a time, the preview at the phone's full height. Both panels
 * stay mounted, so switching keeps what is typed; the tree is the same at both widths, so turning
 * the phone does not reset a form either.
 */
export function EditPreview({
  label,
  children,
  preview,
  previewClassName = '',
}: {
  /** What is edited ("Page", "QR code design"): names the tab list. */
  label: string;
  /** The controls. */
  children: ReactNode;
  preview: ReactNode;
  previewClassName?: string;
}) {
  const narrow = useNarrow();
  const [tab, setTab] = useState<Tab>('edit');
  const id = useId();
  const tabs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});
  const list = useRef<HTMLDivElement>(null);
  /** Where the controls were scrolled to, so coming back from the preview lands there again. */
  const editScroll = useRef(0);

  function show(next: Tab, focus: boolean): void {
    if (next === tab) return;
    if (tab === 'edit') editScroll.current = window.scrollY;
    setTab(next);
    if (focus) tabs.current[next]?.focus();
    requestAnimationFrame(() => {
      if (next === 'edit') window.scrollTo({ top: editScroll.current });
      // The toggle to the top of the screen: the preview below it gets the whole phone.
      else list.current?.scrollIntoView({ block: 'start' });
    });
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    const index = TABS.indexOf(tab);
    const target =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? TABS[(index + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (target === undefined) return;
    event.preventDefault();
    show(target, true);
  }

  const panel = (which: Tab) =>
    narrow
      ? {
          role: 'tabpanel',
          id: `${id}-${which}-panel`,
          'aria-labelledby': `${id}-${which}-tab`,
          hidden: tab !== which,
        }
      : {};
  return (
    <div className={narrow ? 'edit-preview' : 'two'} data-view={narrow ? tab : 'both'}>
      {narrow && (
        <div ref={list} role="tablist" aria-label={label} className="edit-preview-tabs">
          {TABS.map((which) => (
            <button
              key={which}
              ref={(el) => {
                tabs.current[which] = el;
              }}
              type="button"
              role="tab"
              id={`${id}-${which}-tab`}
              aria-selected={tab === which}
              aria-controls={`${id}-${which}-panel`}
              tabIndex={tab === which ? 0 : -1}
              onClick={() => show(which, false)}
              onKeyDown={onKeyDown}
            >
              {TAB_LABELS[which]}
            </button>
          ))}
        </div>
      )}
      <div {...panel('edit')}>{children}</div>
      <div {...panel('preview')} className={`edit-preview-preview ${previewClassName}`.trim()}>
        {preview}
      </div>
    </div>
  );
}

import { lazy, Suspense, useMemo, useState } from 'react';
import { MissingItem } from '../../ui/missing-item';
import { FirstStep } from '../../ui/first-step';
import type { LinkView } from '@linkhub/shared/sync/views';
import { navigate } from '../../router/router';
import { useWorkspace } from '../../workspace/workspace-context';
import {
  getLink,
  listDomains,
  listFolders,
  listLinks,
  listNotices,
  listSummaries,
} from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { useConnectionState } from '../../ui/use-connection';
import { allTags, EMPTY_FILTER, filterLinks, type LinkFilter } from './link-filter';
import { keptLinkDrafts } from './kept-link-drafts';
import { LinkTable } from './link-table';
import { LinksToolbar } from './links-toolbar';
import { folderAndChildren } from './folders/folder-tree';
import { platform } from '../../platform/bridge';

const NO_LINKS: LinkView[] = [];

/** The editor (rules, splits, QR preview) loads when a link is opened, not with the list. */
const LinkEditor = lazy(() => import('./link-editor').then((m) => ({ default: m.LinkEditor })));
/** A/B tests load when opened. */
const ExperimentsScreen = lazy(() =>
  import('../experiments/experiments-screen').then((m) => ({ default: m.ExperimentsScreen })),
);
/** The CSV import (and its parser) loads when asked for. */
const CsvImport = lazy(() => import('./import/csv-import').then((m) => ({ default: m.CsvImport })));
// The folder filters and the move bar arrive a moment after the list: the list is the editor's first screen.
const FolderBar = lazy(() => import('./folders/folder-bar').then((m) => ({ default: m.FolderBar })));
const MoveBar = lazy(() => import('./folders/move-bar').then((m) => ({ default: m.MoveBar })));
const UtmPresetsPanel = lazy(() =>
  import('./utm-presets/utm-presets-panel').then((m) => ({ default: m.UtmPresetsPanel })),
);
const PeerImport = lazy(() => import('./import/peer-import').then((m) => ({ default: m.PeerImport })));

/** `/links` (list), `/links/new`, `/links/{id}`: everything from the local store. */
export function LinksScreen({ rest }: { rest: string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  // null until the store first answers: no "No links yet." flashes before the rows.
  const loaded = useSubscribe<LinkView[] | null>((tx) => listLinks(tx, ws), null, [ws]);
  const links = loaded ?? NO_LINKS;
  const domains = useSubscribe((tx) => listDomains(tx, ws), [], [ws]);
  const summaries = useSubscribe((tx) => listSummaries(tx, ws), {}, [ws]);
  const [filter, setFilter] = useState<LinkFilter>(EMPTY_FILTER);
  const [importOpen, setImportOpen] = useState(false);
  const [peerImportOpen, setPeerImportOpen] = useState(false);
  // Folders, "Move to folder" and UTM presets (D-620, D-623).
  const folders = useSubscribe((tx) => listFolders(tx, ws), [], [ws]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const [moved, setMoved] = useState<string | null>(null);
  const [presetsOpen, setPresetsOpen] = useState(false);
  const pick = (id: string, on: boolean) =>
    setPicked((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const online = useConnectionState() === 'online';
  const open = rest[0] ?? null;
  // undefined until the store answers, so "not in this workspace" never flashes before the editor.
  const selected = useSubscribe<LinkView | null | undefined>(
    // A link of another workspace (the back button after a switch) is not opened here.
    async (tx) => {
      const link = open && open !== 'new' ? await getLink(tx, open) : null;
      return link && link.workspace_id === ws ? link : null;
    },
    undefined,
    [open, ws],
  );
  const notices = useSubscribe((tx) => listNotices(tx), [], []);
  const refused = selected === null && open !== 'new' ? keptLinkDrafts.refused(open, notices) : null;
  const missing = open !== null && open !== 'new' && selected === null && refused === null;
  const shown = useMemo(
    () =>
      filterLinks(
        links,
        filter,
        (id) => summaries[id]?.totals_7d ?? 0,
        Date.now(),
        filter.folder && filter.folder !== 'none' ? folderAndChildren(folders, filter.folder) : null,
      ),
    [links, filter, summaries, folders],
  );
  const tags = useMemo(() => allTags(links), [links]);
  const linkDomains = domains.filter((d) => d.purpose !== 'bio');

  if (open === 'experiments')
    return (
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <ExperimentsScreen rest={rest.slice(1)} links={links} />
      </Suspense>
    );

  return (
    <>
      <div className="row">
        {can('link.create') && (
          <button type="button" className="primary" onClick={() => navigate('/links/new')}>
            New link
          </button>
        )}
        {can('link.create') && (
          <button
            type="button"
            onClick={() => setImportOpen(true)}
            disabled={!online}
            aria-expanded={importOpen}
          >
            {online ? 'Import CSV' : 'Import needs a connection'}
          </button>
        )}
        {can('link.create') && online && (
          <button type="button" onClick={() => setPeerImportOpen(true)} aria-expanded={peerImportOpen}>
            Import from Bitly, Dub…
          </button>
        )}
        {can('experiment.list') && (
          <a
            className="link"
            href="/links/experiments"
            onClick={(e) => {
              e.preventDefault();
              navigate('/links/experiments');
            }}
          >
            A/B tests
          </a>
        )}
        {can('link.export') && links.length > 0 && (
          <button
            type="button"
            onClick={() =>
              // The CSV writer loads when it is asked for: the list screen is the editor's first screen.
              void import('./folders/links-csv')
                .then(({ linksCsv }) =>
                  platform().saveFile({
                    suggestedName: `links-${new Date().toISOString().slice(0, 10)}.csv`,
                    mime: 'text/csv',
                    bytes: new TextEncoder().encode(linksCsv(shown, folders)),
                  }),
                )
                .then((saved) => setMoved(saved.saved ? `Exported ${shown.length} links.` : null))
            }
          >
            Export CSV
          </button>
        )}
        {can('utm_preset.list') && !presetsOpen && (
          <button type="button" onClick={() => setPresetsOpen(true)}>
            UTM presets
          </button>
        )}
        <span className="muted" aria-live="polite">
          {loaded === null ? '' : `${shown.length} of ${links.length} links`}
        </span>
      </div>
      {presetsOpen && (
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <UtmPresetsPanel
            workspaceId={ws}
            canManage={can('workspace.manage_utm_presets')}
            onClose={() => setPresetsOpen(false)}
          />
        </Suspense>
      )}
      <Suspense fallback={<p className="loading">Loading…</p>}>
        {importOpen && can('link.create') && (
          <CsvImport workspaceId={ws} onClose={() => setImportOpen(false)} />
        )}
        {peerImportOpen && can('link.create') && (
          <PeerImport workspaceId={ws} onClose={() => setPeerImportOpen(false)} />
        )}
        {open === 'new' && can('link.create') && (
          <LinkEditor
            key="new"
            link={null}
            summary={undefined}
            onDone={(id) => navigate(id ? `/links/${id}` : '/links')}
          />
        )}
        {refused && open && (
          <LinkEditor
            key={`refused-${open}`}
            link={null}
            summary={undefined}
            refused={{ draft: refused.draft, message: refused.notice.message }}
            onDone={(id) => {
              keptLinkDrafts.forget(open);
              navigate(id ? `/links/${id}` : '/links');
            }}
          />
        )}
        {missing && <MissingItem noun="link" listPath="/links" listLabel="Back to links" />}
        {selected && (
          <LinkEditor
            key={`${selected.id}`}
            link={selected}
            summary={summaries[selected.id]}
            onDone={() => navigate('/links')}
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        <FolderBar
          workspaceId={ws}
          folders={folders}
          links={links}
          value={filter.folder}
          onChange={(folder) => setFilter({ ...filter, folder })}
          can={{ create: can('folder.create'), update: can('folder.update'), remove: can('folder.delete') }}
        />
      </Suspense>
      <LinksToolbar filter={filter} onChange={setFilter} tags={tags} domains={linkDomains} />
      {can('link.update') && (
        <Suspense fallback={null}>
          <MoveBar
            workspaceId={ws}
            folders={folders}
            picked={picked}
            onDone={(message) => {
              setPicked(new Set());
              setMoved(message);
            }}
          />
        </Suspense>
      )}
      {moved && <p aria-live="polite">{moved}</p>}
      {loaded === null || open === 'new' ? null : links.length === 0 ? (
        <FirstStep
          label="First short link"
          sentence="A short link sends people from a short, memorable address to any page, and counts every click."
          action={can('link.create') ? 'Create your first short link' : null}
          onAct={() => navigate('/links/new')}
        />
      ) : (
        <LinkTable
          links={shown}
          summaries={summaries}
          selected={open}
          onOpen={(id) => navigate(`/links/${id}`)}
          sort={filter.sort}
          onSort={(sort) => setFilter({ ...filter, sort })}
          {...(can('link.update') ? { picked, onPick: pick } : {})}
        />
      )}
    </>
  );
}

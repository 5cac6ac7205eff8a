import { lazy, Suspense, useMemo, useState } from 'react';
import {
  breakdownWorthShowing,
  DASHBOARD_DIMENSIONS,
  type DashboardDimension,
  type DashboardFilters,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import { useWorkspace } from '../../workspace/workspace-context';
import { listBlocks, listLinks, listPages, listQrCodes, listSummaries } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { codeSentence } from '../../ui/error-messages';
import { CsvExport } from './csv-export';
import { PageConversions } from '../leads/page-conversions';
import { age } from './age';
import { BarList } from './bar-list';
import {
  apiQuery,
  goToView,
  parseView,
  PERIODS,
  useSearch,
  withFilter,
  withoutFilter,
  type DashboardView,
} from './dashboard-url';
import { FilterChips } from './filter-chips';
import { FilteredCoverage } from './filtered-coverage';
import { HeadlineTiles } from './headline-tiles';
import { OfflineSummary } from './offline-summary';
import { RealtimeCounter } from './realtime-counter';
import { ReportSetting } from './report-setting';
import { ResourcePicker, type PickableResource } from './resource-picker';
import { SharePanel } from './share-panel';
import { TimeSeries } from './time-series';
import { TopResources } from './top-resources';
import { useDashboard } from './use-dashboard';
import { useNearViewport } from './use-near-viewport';
import './dashboard.css';

const WorldMap = lazy(() => import('./world-map'));

/** The map loads its atlas only when the country card nears the viewport. */
function CountryMap({ rows, onPick }: { rows: DashboardRow[]; onPick: (code: string) => void }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="an-map-box">
      {near ? (
        <Suspense fallback={<div className="an-map-placeholder" aria-hidden="true" />}>
          <WorldMap rows={rows} onPick={onPick} />
        </Suspense>
      ) : (
        <div className="an-map-placeholder" aria-hidden="true" />
      )}
    </div>
  );
}

/** The breakdowns in the order a marketer reads them (source first: QR vs link vs page). */
const CARDS: DashboardDimension[] = [
  'event_type',
  'referrer_host',
  'country',
  'region',
  'device_type',
  'os_family',
  'browser_family',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'language',
  'variant',
];

/**
 * The analytics dashboard for the workspace, one resource or a set: headline tiles with
 * the change against the previous period, the series, every breakdown as a bar list that filters
 * everything, a world map, realtime visitors, top resources, sharing. The view lives in the URL.
 */
export default function AnalyticsScreen({ rest }: { rest: string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const search = useSearch();
  const view = useMemo(() => parseView(search, rest), [search, rest]);
  const links = useSubscribe((tx) => listLinks(tx, ws), [], [ws]);
  const codes = useSubscribe((tx) => listQrCodes(tx, ws), [], [ws]);
  const pages = useSubscribe((tx) => listPages(tx, ws), [], [ws]);
  const summaries = useSubscribe((tx) => listSummaries(tx, ws), {}, [ws]);
  const isPage = pages.some((p) => p.id === view.resource);
  const blocks = useSubscribe(
    (tx) => (isPage && view.resource ? listBlocks(tx, view.resource) : Promise.resolve([])),
    [],
    [view.resource, isPage],
  );
  const [refresh, setRefresh] = useState(0);
  const allowed = can('analytics.view');
  const query = allowed ? apiQuery(ws, view) : null;
  const dash = useDashboard(query, refresh);
  const resources = useMemo<PickableResource[]>(
    () => [
      ...links.map((l) => ({
        id: l.id,
        kind: 'Link' as const,
        name: l.title ?? l.slug,
        detail: `${l.host}/${l.slug}`,
        tags: l.tags,
      })),
      ...codes.map((q) => ({
        id: q.id,
        kind: 'QR code' as const,
        name: q.title ?? q.slug,
        detail: `${q.host}/${q.slug}`,
        tags: [],
      })),
      ...pages.map((p) => ({
        id: p.id,
        kind: 'Bio page' as const,
        name: p.title,
        detail: `@${p.handle}`,
        tags: [],
      })),
    ],
    [links, codes, pages],
  );
  // the summaries move with every poke after an ingest: the realtime counter re-reads with them
  const pulse = useMemo(
    () => Object.values(summaries).reduce((a, s) => (s.updated_at > a ? s.updated_at : a), ''),
    [summaries],
  );
  if (!allowed) return <p>Your role cannot see analytics in this workspace.</p>;
  const go = (v: DashboardView) => goToView(v);
  if (query === null)
    return (
      <div className="an-dashboard">
        <p className="error" role="alert">
          {codeSentence('not_found')}
        </p>
        <button type="button" className="link" onClick={() => go({ ...view, resource: null })}>
          Show the whole workspace
        </button>
      </div>
    );
  const pick = (dim: DashboardDimension, value: string | null) => go(withFilter(view, dim, value));
  const d = dash.data;
  const total = d ? d.totals.clicks + d.totals.scans + d.totals.page_views : 0;
  const selected = resources.find((r) => r.id === view.resource);
  const selection: {
    period: string;
    resource_id?: string;
    tag?: string;
    domain?: string;
    filters: DashboardFilters;
  } = {
    period: view.period,
    filters: view.filters,
    ...(view.resource ? { resource_id: view.resource } : {}),
    ...(view.tag ? { tag: view.tag } : {}),
    ...(view.domain ? { domain: view.domain } : {}),
  };
  return (
    <div className="an-dashboard">
      <div className="an-toolbar">
        <ResourcePicker
          resources={resources}
          current={view.resource}
          onPick={(id) => go({ ...view, resource: id })}
        />
        <div className="field">
          <label htmlFor="an-period">Period</label>
          <select
            id="an-period"
            value={view.period}
            onChange={(e) => {
              const period = PERIODS.find(([p]) => p === e.target.value)?.[0];
              if (period) go({ ...view, period });
            }}
          >
            {PERIODS.map(([p, label]) => (
              <option key={p} value={p}>
                {label}
              </option>
            ))}
          </select>
        </div>
        {(view.tag !== null || view.domain !== null) && (
          <p className="an-set">
            Set: {view.tag !== null && <>tag “{view.tag}” </>}
            {view.domain !== null && <>domain {view.domain}</>}{' '}
            <button type="button" className="link" onClick={() => go({ ...view, tag: null, domain: null })}>
              Show everything
            </button>
          </p>
        )}
        <RealtimeCounter
          query={`workspace_id=${ws}${view.resource ? `&resource_id=${view.resource}` : ''}`}
          pulse={pulse}
        />
      </div>
      <FilterChips
        filters={view.filters}
        names={d?.value_names}
        onRemove={(dim) => go(withoutFilter(view, dim))}
        onClear={() => go({ ...view, filters: {} })}
      />
      {dash.staleSince !== null && (
        <p className="an-stale" role="status">
          {dash.error ? 'Offline: ' : ''}these numbers are from {age(dash.staleSince)}.{' '}
          <button type="button" className="link" onClick={() => setRefresh((n) => n + 1)}>
            Try again
          </button>
        </p>
      )}
      {dash.error && d === null && (
        <>
          <p className="error">{dash.error}</p>
          <OfflineSummary summaries={Object.values(summaries)} resource={view.resource} />
        </>
      )}
      {d === null && dash.loading && <p className="muted">Loading…</p>}
      {d && (
        <>
          <FilteredCoverage data={d} />
          <HeadlineTiles data={d} />
          <TimeSeries data={d} />
          {isPage && view.resource && (
            <PageConversions
              workspaceId={ws}
              pageId={view.resource}
              from={d.window.from}
              to={d.window.to}
              pageViews={d.totals.page_views}
              blocks={blocks}
            />
          )}
          <div className="an-grid">
            {CARDS.map((dim) =>
              dim === 'country' ? (
                <div key={dim} className="an-country">
                  {/* No country known for the period: the card says so, and no empty map stands beside it. */}
                  {d.breakdowns.country.some((r) => r.value !== null) && (
                    <CountryMap rows={d.breakdowns.country} onPick={(code) => pick('country', code)} />
                  )}
                  <BarList
                    dim={dim}
                    rows={d.breakdowns[dim]}
                    total={total}
                    active={view.filters[dim]}
                    onPick={pick}
                  />
                </div>
              ) : view.filters[dim] === undefined && !breakdownWorthShowing(dim, d.breakdowns[dim]) ? null : (
                <BarList
                  key={dim}
                  dim={dim}
                  rows={d.breakdowns[dim]}
                  total={total}
                  active={view.filters[dim]}
                  onPick={pick}
                  names={d.value_names?.[dim]}
                />
              ),
            )}
          </div>
          {view.resource === null && (
            <TopResources
              workspaceId={ws}
              window={d.window}
              summaries={summaries}
              onPick={(id) => go({ ...view, resource: id })}
            />
          )}
          {can('report.manage') && (
            <SharePanel
              workspaceId={ws}
              selection={selection}
              defaultName={selected ? `${selected.kind}: ${selected.name}` : `${workspace.name} analytics`}
            />
          )}
          <ReportSetting workspaceId={ws} />
          {can('analytics.export') && (
            <CsvExport
              workspaceId={ws}
              resourceId={view.resource ?? ''}
              tag={view.tag}
              domain={view.domain}
              filters={view.filters}
              from={d.window.from}
              to={d.window.to}
            />
          )}
        </>
      )}
      <p className="muted an-foot">
        {DASHBOARD_DIMENSIONS.length} breakdowns · times in {workspace.time_zone} · bots are never counted
      </p>
    </div>
  );
}

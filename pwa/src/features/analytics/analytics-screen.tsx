import { useState } from 'react';
import { useWorkspace } from '../../workspace/workspace-context';
import { listBlocks, listLinks, listPages, listQrCodes } from '../../replicache/queries';
import { useSubscribe } from '../../replicache/use-subscribe';
import { useApi } from '../../ui/use-api';
import { BarChart } from './bar-chart';
import { BreakdownTable } from './breakdown-table';
import { CsvExport } from './csv-export';
import { PageConversions } from '../leads/page-conversions';

type Point = {
  bucket_start: string;
  clicks: number;
  scans: number;
  page_views: number;
  unique_visitors: number | null;
};
type Totals = {
  clicks?: number;
  scans?: number;
  page_views?: number;
  unique_visitors?: number;
  bot_events?: number;
};

const DIMENSIONS = [
  ['country', 'Country'],
  ['device_type', 'Device'],
  ['browser_family', 'Browser'],
  ['referrer_host', 'Referrer'],
  ['utm_source', 'UTM source'],
] as const;

/** Workspace or per-resource dashboard: daily chart, totals against the previous period, breakdowns. */
export default function AnalyticsScreen({ rest }: { rest: string[] }) {
  const { workspace, can } = useWorkspace();
  const ws = workspace.id;
  const [days, setDays] = useState(30);
  const [bots, setBots] = useState(false);
  const [resource, setResource] = useState(rest[0] ?? '');
  const links = useSubscribe((tx) => listLinks(tx, ws), [], [ws]);
  const codes = useSubscribe((tx) => listQrCodes(tx, ws), [], [ws]);
  const pages = useSubscribe((tx) => listPages(tx, ws), [], [ws]);
  const isPage = pages.some((p) => p.id === resource);
  const blocks = useSubscribe(
    (tx) => (isPage ? listBlocks(tx, resource) : Promise.resolve([])),
    [],
    [resource, isPage],
  );
  const [now] = useState(() => Date.now());
  const from = new Date(now - days * 86_400_000).toISOString();
  const to = new Date(now).toISOString();
  const query = `workspace_id=${ws}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}${resource ? `&resource_id=${resource}` : ''}`;
  const series = useApi<Point[]>(
    can('analytics.view') ? `/v1/analytics/timeseries?${query}&interval=day` : null,
  );
  const totals = useApi<Totals>(
    can('analytics.view') ? `/v1/analytics/totals?${query}&compare=previous` : null,
  );
  if (!can('analytics.view')) return <p>Your role cannot see analytics in this workspace.</p>;
  const bars = (series.data ?? []).map((p) => ({
    label: p.bucket_start.slice(0, 10),
    value: p.clicks + p.scans + p.page_views,
  }));
  return (
    <>
      <div className="toolbar">
        <div className="field">
          <label htmlFor="an-range">Date range</label>
          <select id="an-range" value={days} onChange={(e) => setDays(Number(e.target.value))}>
            <option value={7}>Last 7 days</option>
            <option value={30}>Last 30 days</option>
            <option value={90}>Last 90 days</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="an-resource">Show</label>
          <select id="an-resource" value={resource} onChange={(e) => setResource(e.target.value)}>
            <option value="">Whole workspace</option>
            {links.map((l) => (
              <option key={l.id} value={l.id}>
                Link {l.title ?? l.slug}
              </option>
            ))}
            {codes.map((q) => (
              <option key={q.id} value={q.id}>
                QR {q.title ?? q.slug}
              </option>
            ))}
            {pages.map((p) => (
              <option key={p.id} value={p.id}>
                Page @{p.handle}
              </option>
            ))}
          </select>
        </div>
        <label className="row">
          <input type="checkbox" checked={bots} onChange={(e) => setBots(e.target.checked)} /> Include bots in
          breakdowns
        </label>
      </div>
      {can('analytics.export') && <CsvExport workspaceId={ws} resourceId={resource} from={from} to={to} />}
      {totals.error && <p className="error">{totals.error}</p>}
      {totals.data && (
        <dl className="row totals">
          <dt>Clicks</dt>
          <dd>{totals.data.clicks ?? 0}</dd>
          <dt>Scans</dt>
          <dd>{totals.data.scans ?? 0}</dd>
          <dt>Page views</dt>
          <dd>{totals.data.page_views ?? 0}</dd>
          <dt>Unique visitors</dt>
          <dd>{totals.data.unique_visitors ?? 0}</dd>
          <dt>Bots (not counted)</dt>
          <dd>{totals.data.bot_events ?? 0}</dd>
        </dl>
      )}
      {isPage && totals.data && (
        <PageConversions
          workspaceId={ws}
          pageId={resource}
          from={from}
          to={to}
          pageViews={totals.data.page_views ?? null}
          blocks={blocks}
        />
      )}
      {series.error ? (
        <p className="error">{series.error}</p>
      ) : (
        <BarChart bars={bars} title={`Events per day, last ${days} days`} />
      )}
      <div className="two">
        {DIMENSIONS.map(([dimension, label]) => (
          <BreakdownTable
            key={dimension}
            query={bots ? `${query}&include_bots=true` : query}
            dimension={dimension}
            label={label}
          />
        ))}
      </div>
    </>
  );
}

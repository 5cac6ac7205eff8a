/**
 * The analytics dashboard's contract, shared by the sync-server route, the shared-link
 * page and the editor: which breakdowns it shows, which of them filter the whole view, the periods
 * it offers, and the shape of one answer.
 *
 * Every breakdown is a filter: `country=FR&referrer_host=google.com` narrows every number on the
 * dashboard to the events with both values. An empty value (`country=`) selects the events where
 * that dimension is unknown (no country, no referrer).
 */
export const DASHBOARD_DIMENSIONS = [
  'event_type',
  'country',
  'region',
  'device_type',
  'os_family',
  'browser_family',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'language',
  'variant',
] as const;
export type DashboardDimension = (typeof DASHBOARD_DIMENSIONS)[number];

export function isDashboardDimension(value: unknown): value is DashboardDimension {
  return typeof value === 'string' && (DASHBOARD_DIMENSIONS as readonly string[]).includes(value);
}

/** Breakdowns left out while they know nothing: no A/B test ran, no link carries UTM tags, no region was found. */
const OPTIONAL_DIMENSIONS: ReadonlySet<DashboardDimension> = new Set([
  'region',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'variant',
]);

/** Whether a breakdown is worth showing: not an optional one whose every row has no value. */
export function breakdownWorthShowing(
  dim: DashboardDimension,
  rows: readonly { value: string | null }[],
): boolean {
  return !OPTIONAL_DIMENSIONS.has(dim) || rows.some((r) => r.value !== null);
}

/** What a person reads for each dimension (chips, headings, the shared page). */
export const DASHBOARD_DIMENSION_LABELS: Record<DashboardDimension, string> = {
  event_type: 'Source',
  country: 'Country',
  region: 'Region',
  device_type: 'Device',
  os_family: 'OS',
  browser_family: 'Browser',
  referrer_host: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  language: 'Language',
  variant: 'Variant',
};

/** `event_type` values as a person names them: a scan came through a QR code, a click through a link. */
export const EVENT_TYPE_LABELS: Record<string, string> = {
  scan: 'QR code',
  click: 'Link',
  page_view: 'Bio page',
};

/** Periods ending today in the workspace time zone (`24h` ends now); `custom` uses `from`/`to`. */
export const DASHBOARD_PERIODS = ['24h', 'today', '7d', '30d', '90d', 'custom'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export type DashboardFilters = Partial<Record<DashboardDimension, string>>;

export type DashboardCounts = {
  clicks: number;
  scans: number;
  page_views: number;
  /** Distinct visitor-days; with filters exact or approximate, or null when not counted (see VisitorCounting). */
  unique_visitors: number | null;
};

/**
 * How unique visitors were counted (D-380): `exact` (always without filters; with filters from the
 * raw events when that is cheap), `approximate` (with filters, a union of the cube's HyperLogLog
 * sketches: about ±2 %, shown "≈ 12.3k"), `not_counted` (null: neither was possible).
 */
export type VisitorCounting = 'exact' | 'approximate' | 'not_counted';

/** What a person reads beside an approximate or missing count. */
export const VISITOR_COUNTING_NOTES: Record<VisitorCounting, string> = {
  exact: '',
  approximate:
    'Approximate with filters: estimated from per-hour visitor sketches, usually within 2 % of the exact count',
  not_counted: 'Not counted with these filters: too many events to count exactly, and no sketches kept here',
};

export type DashboardPoint = {
  bucket_start: string;
  clicks: number;
  scans: number;
  page_views: number;
  /** Distinct visitors of that day; null for hourly buckets. */
  unique_visitors: number | null;
};

export type DashboardRow = {
  /** null: the dimension is unknown for these events. */
  value: string | null;
  events: number;
  clicks: number;
  scans: number;
  page_views: number;
};

export type DashboardWindow = { from: string; to: string };

/** What values that are ids read as, by dimension and value (a variant id → "Summer banner (Shop headline)"). */
export type DashboardValueNames = Partial<Record<DashboardDimension, Record<string, string>>>;

/** One answer of `GET /v1/analytics/dashboard` (and the numbers a shared link shows). */
export type DashboardData = {
  interval: 'hour' | 'day';
  time_zone: string;
  window: DashboardWindow;
  /** The period just before, as long in the workspace's clock (7 local days → the 7 before). */
  previous_window: DashboardWindow;
  totals: DashboardCounts;
  previous: DashboardCounts;
  /** Relative change against the previous period (0.25 = +25 %); null when the previous was zero. */
  change: Record<keyof DashboardCounts, number | null>;
  series: DashboardPoint[];
  /** Aligned bucket by bucket with `series` (same count, same local clock times). */
  previous_series: DashboardPoint[];
  breakdowns: Record<DashboardDimension, DashboardRow[]>;
  /** Names of the id values in `breakdowns` and the filters (absent from answers cached before it existed). */
  value_names?: DashboardValueNames;
  /** `rollups` without filters; `events` with filters (the hourly cube for closed hours, raw events for the open ones). */
  source: 'rollups' | 'events';
  /**
   * With filters: the first instant filtered numbers exist for (the plan keeps the cube as long as
   * its hourly rollups), when the window or the previous one starts before it; else null.
   */
  filtered_since: string | null;
  /** How `totals.unique_visitors` and `previous.unique_visitors` (and the series' daily visitors) were counted. */
  unique_visitors_counting: { current: VisitorCounting; previous: VisitorCounting };
  /** Lead sign-ups in the window and the one before; null when the selection never had a lead (or filters apply: a lead has no country or referrer). */
  leads: { current: number; previous: number } | null;
};

export function relativeChange(current: number | null, previous: number | null): number | null {
  return current === null || previous === null || previous === 0 ? null : (current - previous) / previous;
}

export function changeOf(current: DashboardCounts, previous: DashboardCounts): DashboardData['change'] {
  return {
    clicks: relativeChange(current.clicks, previous.clicks),
    scans: relativeChange(current.scans, previous.scans),
    page_views: relativeChange(current.page_views, previous.page_views),
    unique_visitors: relativeChange(current.unique_visitors, previous.unique_visitors),
  };
}

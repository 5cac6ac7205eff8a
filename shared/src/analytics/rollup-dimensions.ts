/**
 * The dimensions the rollups are kept by (docs/product-rules.md#data-model), as data: the worker's in-memory batch
 * aggregation (`of`) and its SQL recompute from raw events (`sql`, over `click_events`) read this one
 * table, and the query layer accepts exactly these names. Dimension `all` with value `''` holds the
 * totals. An unknown value (no country, no referrer…) gets no row: readers derive "unknown" as the
 * `all` row minus the known values (half the rows to upsert for a typical event).
 *
 * Rollup counters: `clicks`, `scans`, `page_views` count human events only; `bot_events` counts
 * every bot event, whatever its type (bots are flagged, never dropped, and reported separately).
 */
export type DimensionSource = {
  readonly country_code: string | null;
  readonly region_code: string | null;
  readonly device_type: string | null;
  readonly os_family: string | null;
  readonly browser_family: string | null;
  readonly referrer_host: string | null;
  readonly utm_source: string | null;
  readonly utm_medium: string | null;
  readonly utm_campaign: string | null;
  readonly utm_term: string | null;
  readonly utm_content: string | null;
  readonly variant_id: string | null;
  readonly fallback_stage: number | null;
  /** The bio block clicked, when the event is a bio link click. */
  readonly block_id: string | null;
  /** The primary subtag of the visitor's preferred language (`de`). */
  readonly language: string | null;
};

type DimensionDef = { readonly sql: string; readonly of: (e: DimensionSource) => string };

export const ROLLUP_DIMENSIONS = {
  all: { sql: "''", of: () => '' },
  country: { sql: "coalesce(country_code, '')", of: (e) => e.country_code ?? '' },
  // region codes are only unique inside a country: stored as `FR-IDF`
  region: {
    sql: "CASE WHEN region_code IS NULL THEN '' ELSE coalesce(country_code, '') || '-' || region_code END",
    of: (e) => (e.region_code === null ? '' : `${e.country_code ?? ''}-${e.region_code}`),
  },
  device_type: { sql: "coalesce(device_type, '')", of: (e) => e.device_type ?? '' },
  os_family: { sql: "coalesce(os_family, '')", of: (e) => e.os_family ?? '' },
  browser_family: { sql: "coalesce(browser_family, '')", of: (e) => e.browser_family ?? '' },
  referrer_host: { sql: "coalesce(referrer_host, '')", of: (e) => e.referrer_host ?? '' },
  utm_source: { sql: "coalesce(utm_source, '')", of: (e) => e.utm_source ?? '' },
  utm_medium: { sql: "coalesce(utm_medium, '')", of: (e) => e.utm_medium ?? '' },
  utm_campaign: { sql: "coalesce(utm_campaign, '')", of: (e) => e.utm_campaign ?? '' },
  utm_term: { sql: "coalesce(utm_term, '')", of: (e) => e.utm_term ?? '' },
  utm_content: { sql: "coalesce(utm_content, '')", of: (e) => e.utm_content ?? '' },
  variant: { sql: "coalesce(variant_id::text, '')", of: (e) => e.variant_id ?? '' },
  fallback_stage: {
    sql: "coalesce(fallback_stage::text, '')",
    of: (e) => (e.fallback_stage === null ? '' : String(e.fallback_stage)),
  },
  language: { sql: "coalesce(language, '')", of: (e) => e.language ?? '' },
  block: {
    sql: "CASE WHEN resource_type = 'bio_block' THEN resource_id::text ELSE '' END",
    of: (e) => e.block_id ?? '',
  },
} as const satisfies Record<string, DimensionDef>;

export type RollupDimension = keyof typeof ROLLUP_DIMENSIONS;
export const ROLLUP_DIMENSION_NAMES = Object.keys(ROLLUP_DIMENSIONS).filter(isRollupDimension);

export function isRollupDimension(value: unknown): value is RollupDimension {
  return typeof value === 'string' && Object.hasOwn(ROLLUP_DIMENSIONS, value);
}

/** The QR fallback stage on the stream (a name) → the smallint stored in `click_events.fallback_stage`. */
export const FALLBACK_STAGE_NUMBER = { live: 1, last_good: 2, holding_page: 3, generic_page: 4 } as const;

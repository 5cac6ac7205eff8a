import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Feature, Geometry } from 'geojson';
import world from 'world-atlas/countries-110m.json';
import codes from 'i18n-iso-countries/codes.json';
import type { DashboardRow } from '@linkhub/shared/analytics/dashboard';
import { countryName } from './bar-list';
import { count } from './number-format';

/** ISO 3166 numeric (the atlas's ids) → alpha-2 (our country codes). */
const ALPHA2_OF_NUMERIC = new Map(
  (codes as string[][]).map(([alpha2 = '', , numeric = '']) => [numeric, alpha2]),
);

const topology = world as unknown as Topology<{ countries: GeometryCollection }>;
const countries = feature(topology, topology.objects.countries).features as Array<Feature<Geometry>>;
const WIDTH = 640;
const HEIGHT = 320;
const projection = geoEqualEarth().fitSize([WIDTH, HEIGHT], { type: 'Sphere' });
const path = geoPath(projection);
const SHAPES = countries.map((f) => ({
  code: ALPHA2_OF_NUMERIC.get(String(f.id ?? '')) ?? '',
  d: path(f) ?? '',
}));

/** Five shades from light to the accent colour; a country with no events stays grey. */
const SHADES = ['#e0e7ff', '#c7d2fe', '#a5b4fc', '#6366f1', '#3730a3'];

/**
 * A world choropleth of the country breakdown (lazy chunk: the atlas is ~100 KB). Clicking a
 * country filters the dashboard; the bar list beside it is the accessible table of the same values.
 */
export default function WorldMap({ rows, onPick }: { rows: DashboardRow[]; onPick: (code: string) => void }) {
  const byCode = new Map(rows.filter((r) => r.value !== null).map((r) => [r.value ?? '', r.events]));
  const max = Math.max(1, ...byCode.values());
  return (
    <svg
      className="an-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      role="img"
      aria-label="World map of events by country. The country list beside it has the same numbers."
    >
      {SHAPES.map((s, i) => {
        const value = byCode.get(s.code) ?? 0;
        const shade = value === 0 ? '#eceef1' : SHADES[Math.min(4, Math.floor((value / max) * 4.999))];
        return (
          <path
            key={`${s.code}-${i}`}
            d={s.d}
            fill={shade}
            stroke="#fff"
            strokeWidth={0.5}
            data-country={s.code}
            onClick={value > 0 ? () => onPick(s.code) : undefined}
            style={value > 0 ? { cursor: 'pointer' } : undefined}
          >
            <title>{`${countryName(s.code || '??')}: ${count(value)}`}</title>
          </path>
        );
      })}
    </svg>
  );
}

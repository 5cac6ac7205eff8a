import type pg from 'pg';

const DAY_MS = 86_400_000;

/**
 * How dimension values are drawn per event. `correlated`: each from the row number modulo a small
 * cycle, so an hour holds ~40 combinations (the cube's best case). `independent`: each from its own
 * uniform hash of the row number, so nearly every event of an hour is a combination of its own (the
 * cube's worst case: about one cube row per event). `skewed`: closer to real traffic — each value
 * list drawn with a power-law skew (the first country, referrer and device far ahead, most events
 * without UTM), OS and browser following the device.
 */
export type Spread = 'correlated' | 'independent' | 'skewed';
export const SPREADS: readonly Spread[] = ['correlated', 'independent', 'skewed'];

/** A uniform draw in [0, 1) from hash number `k` of row `g`. */
const uniform = (k: number) => `((abs(hashint8(g::bigint * 16 + ${k})) % 1000003) / 1000003.0)`;

/**
 * The value index (0-based) among `n` values for row `g`: `cycle` when correlated, hash `k` when
 * independent, hash `k` raised to `power` when skewed (index 0 the most common; `last` makes the
 * last value the most common instead).
 */
function pick(spread: Spread, k: number, n: number, cycle: string, power = 2, last = false): string {
  if (spread === 'correlated') return cycle;
  if (spread === 'independent') return `(abs(hashint8(g::bigint * 16 + ${k})) % ${n})`;
  const skewed = `floor(${n} * power(${uniform(k)}, ${power}))::int`;
  return last ? `(${n - 1} - ${skewed})` : skewed;
}

/**
 * `events` raw click events over the 90 UTC days before yesterday's midnight, generated in SQL one
 * day per statement (each day's partition created first), with dimension values spread by the row
 * number (see Spread): 8 countries, 8 referrers (one in 8 "direct"), 4 devices, 4 OS and browser
 * families, 4 UTM sources, two thirds clicks and one third scans, 1 in 50 a bot, ~2 events per
 * visitor and day.
 */
export async function seedEvents(
  pool: pg.Pool,
  workspaceId: string,
  resourceIds: readonly string[],
  events: number,
  spread: Spread = 'correlated',
) {
  const to = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
  const from = new Date(to.getTime() - 90 * DAY_MS);
  const perDay = Math.round(events / 90);
  const started = performance.now();
  await pool.query('SELECT ensure_click_events_partitions($1::date, $2::date)', [
    from,
    new Date(to.getTime() - DAY_MS),
  ]);
  for (let d = 0; d < 90; d += 1) {
    const day = new Date(from.getTime() + d * DAY_MS);
    await pool.query(
      `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, ua_hash,
          country_code, device_type, os_family, browser_family, referrer_host, utm_source, is_bot)
       SELECT $1::timestamptz + (g * 86400.0 / $3) * interval '1 second',
              CASE WHEN g % 3 = 0 THEN 'scan' ELSE 'click' END, $2,
              CASE WHEN g % 3 = 0 THEN 'qr_code' ELSE 'link' END, ($4::uuid[])[1 + g % array_length($4::uuid[], 1)],
              decode(md5($5 || (g / 2)::text), 'hex'), decode(md5('ua' || (g % 97)::text), 'hex'),
              (ARRAY['FR','DE','US','GB','ES','IT','NL','BR'])[1 + ${pick(spread, 1, 8, '(g * 7) % 8', 3)}],
              (ARRAY['mobile','desktop','tablet','mobile'])[1 + ${pick(spread, 2, 4, '(g * 3) % 4')}],
              (ARRAY['iOS','Android','Windows','Mac OS'])[1 + ${pick(spread, spread === 'skewed' ? 2 : 3, 4, '(g * 5) % 4')}],
              (ARRAY['Mobile Safari','Chrome','Edge','Firefox'])[1 + ${pick(spread, spread === 'skewed' ? 2 : 4, 4, '(g * 5) % 4')}],
              (ARRAY['google.com','instagram.com','tiktok.com','x.com','facebook.com','youtube.com','linkedin.com',NULL])[1 + ${pick(spread, 5, 8, '(g * 11) % 8')}],
              (ARRAY['newsletter','spring','partner',NULL])[1 + ${pick(spread, 6, 4, '(g * 13) % 4', 3, true)}],
              g % 50 = 0
         FROM generate_series(0, $3::int - 1) g`,
      [day, workspaceId, perDay, [...resourceIds], `d${d}`],
    );
  }
  await pool.query('ANALYZE click_events');
  return { events: perDay * 90, ms: performance.now() - started, from, to };
}

import { ROLLUP_DIMENSIONS, ROLLUP_DIMENSION_NAMES } from '@linkhub/shared/analytics/rollup-dimensions';
import type { BatchAggregate, RollupIncrement, TouchedResource, UniqueVisitorDay } from './aggregate';
import type { FlatClickRow } from './click-row';

/** The resource a row is counted under: a bio block click counts for its page (dimension `block` names the block). */
function rollupResource(row: FlatClickRow): TouchedResource {
  if (row.resource_type === 'bio_block') {
    return {
      workspace_id: row.workspace_id,
      resource_id: row.parent_resource_id ?? row.resource_id,
      resource_type: 'bio_page',
    };
  }
  return { workspace_id: row.workspace_id, resource_id: row.resource_id, resource_type: row.resource_type };
}

const HOUR_MS = 3_600_000;
const DIMENSIONS = ROLLUP_DIMENSION_NAMES.map((name) => ({ name, of: ROLLUP_DIMENSIONS[name].of }));

/** The rows of one resource in one hour: its increments per dimension (DIMENSIONS order), by value. */
type HourGroup = {
  target: TouchedResource;
  bucket: string;
  day: string;
  increments: Array<Map<string, RollupIncrement>>;
  visitors: Set<string>;
};

const byKey = <T>(entries: Array<[string, T]>): T[] =>
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);

/**
 * The batch aggregate as it was before D-439, over flat rows (every column its own field): the
 * reference aggregate.test.ts holds `aggregateBatch` to.
 */
export function aggregatePerRow(rows: readonly FlatClickRow[]): BatchAggregate {
  // by counted resource, then workspace, then hour: the row's own strings and a number, no key built per row
  const groups = new Map<string, Map<string, Map<number, HourGroup>>>();
  const touched = new Map<string, TouchedResource>();
  function groupOf(row: FlatClickRow, hour: number): HourGroup {
    const resource =
      row.resource_type === 'bio_block' ? (row.parent_resource_id ?? row.resource_id) : row.resource_id;
    let byWorkspace = groups.get(resource);
    if (byWorkspace === undefined) {
      byWorkspace = new Map();
      groups.set(resource, byWorkspace);
    }
    let byHour = byWorkspace.get(row.workspace_id);
    if (byHour === undefined) {
      byHour = new Map();
      byWorkspace.set(row.workspace_id, byHour);
    }
    const found = byHour.get(hour);
    if (found !== undefined) return found;
    const target = rollupResource(row);
    const bucket = new Date(hour).toISOString();
    const group: HourGroup = {
      target,
      bucket,
      day: bucket.slice(0, 10),
      increments: DIMENSIONS.map(() => new Map<string, RollupIncrement>()),
      visitors: new Set(),
    };
    byHour.set(hour, group);
    touched.set(target.resource_id, target);
    return group;
  }
  // consecutive rows are mostly one resource in one hour: the last row's group is checked first
  let lastGroup: HourGroup | null = null;
  let lastHour = 0;
  let lastResource = '';
  let lastWorkspace = '';
  let lastType = '';
  let lastParent: string | null = null;
  for (const row of rows) {
    const hour = Math.floor(row.occurred_at.getTime() / HOUR_MS) * HOUR_MS;
    let group: HourGroup | null = lastGroup;
    if (
      group === null ||
      lastHour !== hour ||
      lastResource !== row.resource_id ||
      lastWorkspace !== row.workspace_id ||
      lastType !== row.resource_type ||
      lastParent !== row.parent_resource_id
    ) {
      group = groupOf(row, hour);
      lastGroup = group;
      lastHour = hour;
      lastResource = row.resource_id;
      lastWorkspace = row.workspace_id;
      lastType = row.resource_type;
      lastParent = row.parent_resource_id;
    }
    for (let d = 0; d < DIMENSIONS.length; d += 1) {
      const dimension = DIMENSIONS[d];
      const byValue = group.increments[d];
      if (!dimension || !byValue) continue;
      const value = dimension.of(row);
      // unknown values are not stored: "unknown" = the `all` row minus the known values
      if (value === '' && dimension.name !== 'all') continue;
      // the hot loop: keyed by the value string itself (no key built), and a literal (a spread object counts 3× slower)
      let inc = byValue.get(value);
      if (!inc) {
        inc = {
          workspace_id: group.target.workspace_id,
          resource_id: group.target.resource_id,
          resource_type: group.target.resource_type,
          bucket_start: group.bucket,
          dimension: dimension.name,
          value,
          clicks: 0,
          scans: 0,
          page_views: 0,
          bot_events: 0,
        };
        byValue.set(value, inc);
      }
      if (row.is_bot) inc.bot_events += 1;
      else if (row.event_type === 'click') inc.clicks += 1;
      else if (row.event_type === 'scan') inc.scans += 1;
      else inc.page_views += 1;
    }
    if (!row.is_bot) group.visitors.add(row.visitor_hash);
  }
  const rollups: Array<[string, RollupIncrement]> = [];
  // a key per (resource, day), not per visitor: the visitors of a day are sorted as they are
  const days = new Map<string, VisitorsOfDay>();
  const allGroups = [...groups.values()].flatMap((byWorkspace) =>
    [...byWorkspace.values()].flatMap((byHour) => [...byHour.values()]),
  );
  for (const group of allGroups) {
    const { workspace_id, resource_id } = group.target;
    const prefix = `${workspace_id}|${resource_id}|${group.bucket}|`;
    for (const byValue of group.increments)
      for (const inc of byValue.values()) rollups.push([`${prefix}${inc.dimension}\u0000${inc.value}`, inc]);
    if (group.visitors.size === 0) continue;
    const dayKey = `${resource_id}|${group.day}`;
    const day = days.get(dayKey);
    if (day === undefined)
      days.set(dayKey, { workspace_id, resource_id, event_date: group.day, visitors: group.visitors });
    else for (const visitor of group.visitors) day.visitors.add(visitor);
  }
  return {
    rollups: byKey(rollups),
    uniques: visitorDaysInOrder(byKey([...days.entries()])),
    touched: byKey([...touched.entries()]),
  };
}

type VisitorsOfDay = Omit<UniqueVisitorDay, 'visitor_hash'> & { visitors: Set<string> };

/** The visitor days by (resource, day, visitor): the order of the table's key, for every consumer alike. */
function visitorDaysInOrder(days: readonly VisitorsOfDay[]): UniqueVisitorDay[] {
  const uniques: UniqueVisitorDay[] = [];
  for (const { workspace_id, resource_id, event_date, visitors } of days)
    for (const visitor_hash of [...visitors].sort())
      uniques.push({ workspace_id, resource_id, event_date, visitor_hash });
  return uniques;
}

import { safeParsePublishedSnapshot } from '../blocks/published';
import type { PageSnapshot } from '../blocks/snapshot';
import { pageExperimentSchema } from '../experiments/page-experiment';
import type { PublishedPageRow } from './page-sql';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The stored snapshot with the row's identity filled in where the snapshot leaves it out; null when
 * it is not a valid published snapshot. The one builder of `page:` values (edge miss path, publish
 * write-through, cache-refresh job).
 */
export function snapshotFromRow(row: PublishedPageRow): PageSnapshot | null {
  const identity = { id: row.id, workspace_id: row.workspace_id, handle: row.handle };
  const stored = row.snapshot;
  let candidate: unknown = stored;
  if (isRecord(stored)) {
    candidate = isRecord(stored.page)
      ? { ...stored, page: { ...identity, ...stored.page } }
      : { ...identity, ...stored };
  }
  const parsed = safeParsePublishedSnapshot(candidate);
  if (!parsed.success) return null;
  // A running experiment that does not parse is left out: the page is served as published.
  const experiment = pageExperimentSchema.safeParse(row.experiment ?? undefined);
  return experiment.success && experiment.data !== undefined
    ? { ...parsed.data, experiment: experiment.data }
    : parsed.data;
}

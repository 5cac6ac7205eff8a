import { applyRetention } from '../analytics/retention';
import type { Processor } from './processor';

/**
 * `retention {before}`: analytics retention per plan as of `before` (raw events, visitor days,
 * hourly rollups; whole partitions past the longest plan). Leads retention is not handled here yet.
 */
export const retention: Processor<'retention'> = async (data, _job, deps) =>
  applyRetention(deps.pool, new Date(data.before));

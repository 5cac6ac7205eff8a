import { recomputeFromRaw } from '../analytics/recompute';
import type { Processor } from './processor';

const HOUR_MS = 3_600_000;

/** `analytics-rollup {hour}`: re-derives one hour's rollups from raw events and re-folds its day. */
export const analyticsRollup: Processor<'analytics-rollup'> = async (data, _job, deps) => {
  const from = new Date(data.hour);
  return recomputeFromRaw(deps.pool, from, new Date(from.getTime() + HOUR_MS));
};

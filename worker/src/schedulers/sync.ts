import { upkeepSchedule } from './upkeep-schedule';

/** Nightly Replicache garbage collection (UTC), on the `sync-gc` queue. */
export const scheduleSyncGc = upkeepSchedule('sync-gc-nightly', '40 3 * * *', {
  data: { keep_views: 5, idle_days: 90 },
  keep: 30,
});

import { upkeepSchedule } from './upkeep-schedule';

/** Nightly sweep of unrecorded QR files in the artifact store (UTC), on the `artifact-sweep` queue. */
export const scheduleArtifactSweep = upkeepSchedule('artifact-sweep-nightly', '20 4 * * *', {
  data: { grace_minutes: 60 },
  keep: 30,
});

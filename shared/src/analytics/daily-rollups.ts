/**
 * SQL for the instant before which the daily rollups are complete (D-437): the fold job moves it
 * past a UTC day once it has folded the day after its end with no event of the day still waiting
 * in Redis. Readers take the days from it on out of the hourly rollups. One row, read once per
 * statement (an InitPlan).
 */
export const DAILY_COMPLETE_BEFORE = '(SELECT folded_through FROM analytics_fold_state)';

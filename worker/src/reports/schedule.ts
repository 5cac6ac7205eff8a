import { upkeepSchedule } from '../schedulers/upkeep-schedule';

/**
 * Hourly at :40 (UTC): a workspace's Monday or 1st begins at a different UTC hour in each time
 * zone, so the job looks every hour and mails what became due (once per period).
 */
export const scheduleAnalyticsReports = upkeepSchedule('analytics-report-hourly', '40 * * * *', { keep: 24 });

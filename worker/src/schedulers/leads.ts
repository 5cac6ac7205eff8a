import { upkeepSchedule } from './upkeep-schedule';

/** Hourly (UTC): unconfirmed leads past their 7-day confirmation window are deleted, on the `lead-expiry` queue. */
export const scheduleLeadExpiry = upkeepSchedule('lead-expiry-hourly', '25 * * * *', { keep: 24 });

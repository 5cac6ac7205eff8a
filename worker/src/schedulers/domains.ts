import { upkeepSchedule } from './upkeep-schedule';

/** Hourly custom-domain upkeep (renewals, issuance retries, daily re-verification), on the `domain-upkeep` queue. */
export const scheduleDomainUpkeep = upkeepSchedule('domain-upkeep-hourly', '17 * * * *', { keep: 24 });

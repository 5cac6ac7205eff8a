import type { Processor } from '../processors/processor';
import { sendDueReports } from './send-reports';

/** `analytics-report`: mails every weekly or monthly report that has become due. */
export const analyticsReport: Processor<'analytics-report'> = async (_data, _job, deps) =>
  sendDueReports(deps);

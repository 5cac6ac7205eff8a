import type { JobRequest } from '../jobs/producer';
import type { JobData } from '../../jobs/queues';

export type CertificateAction = JobData<'domain-certificate'>['action'];

type JobOptions = {
  /** Another id than the attempt's own (a manual request, a once-a-day renewal or re-check). */
  jobId?: string;
  delayMs?: number;
};

/**
 * One certificate step of a custom domain. Its default job id names the attempt, so the same
 * attempt enqueued from several places (the verification that succeeded, the hourly upkeep, a
 * failed attempt's retry) runs once.
 */
export function certificateJob(
  domainId: string,
  action: CertificateAction,
  attempt: number,
  options: JobOptions = {},
): JobRequest {
  return {
    queue: 'domain-certificate',
    name: 'domain-certificate',
    data: { domain_id: domainId, action, attempt },
    jobId: options.jobId ?? `domain-certificate-${domainId}-${action}-${attempt}`,
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
  };
}

/** One DNS check of a custom domain (`recheck`: re-verifying a verified one); the default id names the attempt. */
export function verificationJob(
  domainId: string,
  attempt: number,
  options: JobOptions & { recheck?: boolean } = {},
): JobRequest {
  return {
    queue: 'domain-verify',
    name: 'domain-verify',
    data: options.recheck
      ? { domain_id: domainId, attempt, recheck: true }
      : { domain_id: domainId, attempt },
    jobId: options.jobId ?? `domain-verify-${domainId}-${attempt}`,
    ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
  };
}

import type { domainCertificates } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { certificateJob, verificationJob } from '@linkhub/shared/server/domains/domain-jobs';
import { renewalDue, RENEW_AHEAD_MS } from '@linkhub/shared/domains/renewal';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import type { WorkerDeps } from '../deps';
import type { Processor } from './processor';

/** Most jobs one upkeep run enqueues per kind; the next hourly run takes the rest. */
const BATCH = 500;
const RECHECK_EVERY_MS = 24 * 3_600_000;

export type UpkeepReport = { renewals: number; retries: number; rechecks: number };

/** Active certificates of serving domains that are due for renewal (the shared rule decides; SQL only narrows). */
async function renewals(deps: WorkerDeps): Promise<JobRequest[]> {
  const { rows } = await deps.pool.query<
    RowOf<typeof domainCertificates, 'domainId' | 'notBefore' | 'notAfter'>
  >(
    `SELECT c.domain_id, c.not_before, c.not_after FROM domain_certificates c
       JOIN custom_domains d ON d.id = c.domain_id AND d.deleted_at IS NULL AND d.status = 'verified'
      WHERE c.status = 'active' AND c.not_after <= now() + make_interval(secs => $1::float8 / 1000)
      ORDER BY c.not_after LIMIT $2`,
    [RENEW_AHEAD_MS, BATCH],
  );
  const now = new Date();
  return rows
    .filter((r) => renewalDue({ notBefore: r.not_before, notAfter: r.not_after }, now))
    .map((r) =>
      // One renewal a day at most per certificate, whatever the hourly runs find.
      certificateJob(r.domain_id, 'renew', 1, {
        jobId: `domain-certificate-${r.domain_id}-renew-${now.toISOString().slice(0, 10)}`,
      }),
    );
}

/** Serving domains without a certificate whose next try is due (or never scheduled: ACME configured after they verified). */
async function issuanceRetries(deps: WorkerDeps): Promise<JobRequest[]> {
  const { rows } = await deps.pool.query<{ id: string; attempt: number }>(
    `SELECT d.id, d.tls_attempts + 1 AS attempt FROM custom_domains d
      WHERE d.deleted_at IS NULL AND d.status = 'verified' AND NOT d.is_system
        AND (d.tls_next_attempt_at IS NULL OR d.tls_next_attempt_at <= now())
        AND NOT EXISTS (SELECT 1 FROM domain_certificates c WHERE c.domain_id = d.id AND c.status = 'active')
      ORDER BY d.tls_next_attempt_at NULLS FIRST LIMIT $1`,
    [BATCH],
  );
  return rows.map((r) => certificateJob(r.id, 'issue', r.attempt));
}

/** Verified custom domains not checked for a day. */
async function rechecks(deps: WorkerDeps): Promise<JobRequest[]> {
  const { rows } = await deps.pool.query<{ id: string }>(
    `SELECT id FROM custom_domains
      WHERE status = 'verified' AND deleted_at IS NULL AND NOT is_system
        AND (last_checked_at IS NULL OR last_checked_at <= now() - make_interval(secs => $1::float8 / 1000))
      ORDER BY last_checked_at NULLS FIRST LIMIT $2`,
    [RECHECK_EVERY_MS, BATCH],
  );
  const day = new Date().toISOString().slice(0, 10);
  return rows.map((r) => verificationJob(r.id, 1, { recheck: true, jobId: `domain-recheck-${r.id}-${day}` }));
}

/**
 * `domain-upkeep` (hourly): renew certificates ahead of expiry, retry domains still without one,
 * and re-verify each verified domain once a day. Certificate work only when ACME is configured.
 */
export const domainUpkeep: Processor<'domain-upkeep'> = async (_data, _job, deps): Promise<UpkeepReport> => {
  const acme = deps.config.ACME_DIRECTORY_URL !== undefined;
  const renew = acme ? await renewals(deps) : [];
  const retry = acme ? await issuanceRetries(deps) : [];
  const recheck = await rechecks(deps);
  await deps.jobs.enqueueAll([...renew, ...retry, ...recheck]);
  return { renewals: renew.length, retries: retry.length, rechecks: recheck.length };
};

import type { customDomains } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { certificateJob } from '@linkhub/shared/server/domains/domain-jobs';
import { certificateBox } from '@linkhub/shared/server/domains/tls-keys';
import { ISSUANCE_ATTEMPTS_BEFORE_FAILED, issuanceRetryDelay } from '@linkhub/shared/domains/issuance-retry';
import { renewalDue } from '@linkhub/shared/domains/renewal';
import type { JobData } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import { loadAcmeAccount, type AcmeAccount } from '../domains/acme/acme-account';
import { configureAcmeHttp, isRateLimited, withAcmeProblems } from '../domains/acme/acme-http';
import {
  activeCertificate,
  announceCertificateChange,
  markPending,
  markRevoked,
  recordIssuanceFailure,
  revocable,
  storeIssued,
} from '../domains/acme/certificate-records';
import { redisHttpChallenges } from '../domains/acme/http-challenges';
import { orderCertificate } from '../domains/acme/order-certificate';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

export type CertificateReport =
  | { outcome: 'acme_disabled' | 'not_serving' | 'current' }
  | { outcome: 'issued'; serial: string; not_after: string }
  | { outcome: 'revoked'; certificates: number }
  | { outcome: 'failed'; error: string; rate_limited: boolean; next_attempt_in_ms: number | null };

/** RFC 5280 reason code cessationOfOperation: the domain left LinkHub. */
const REASON_CESSATION = 5;
/** A revocation that keeps failing is given up after this many tries (the certificate expires on its own). */
const REVOKE_ATTEMPTS = 6;

type ServingDomain = { id: string; workspace_id: string; hostname: string };

async function servingDomain(deps: WorkerDeps, id: string): Promise<ServingDomain | undefined> {
  const { rows } = await deps.pool.query<ServingDomain>(
    `SELECT id, workspace_id, hostname FROM custom_domains
      WHERE id = $1 AND deleted_at IS NULL AND status = 'verified' AND NOT is_system`,
    [id],
  );
  return rows[0];
}

function poke(deps: WorkerDeps, workspaceId: string): Promise<void> {
  return pokeWorkspaceMembers({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX }, [
    workspaceId,
  ]);
}

async function scheduleRetry(
  deps: WorkerDeps,
  data: JobData<'domain-certificate'>,
  delay: number,
): Promise<void> {
  await deps.jobs.enqueue(certificateJob(data.domain_id, data.action, data.attempt + 1, { delayMs: delay }));
}

async function issueOrRenew(
  deps: WorkerDeps,
  directoryUrl: string,
  data: JobData<'domain-certificate'>,
): Promise<CertificateReport> {
  const domain = await servingDomain(deps, data.domain_id);
  if (!domain) return { outcome: 'not_serving' };
  const current = await activeCertificate(deps.pool, domain.id);
  if (current && !renewalDue({ notBefore: current.not_before, notAfter: current.not_after }, new Date()))
    return { outcome: 'current' };
  if (!current) {
    await markPending(deps.pool, domain.id);
    await poke(deps, domain.workspace_id);
  }

  const box = certificateBox(deps.config.AUTH_SECRET);
  const challenges = redisHttpChallenges(deps.redis, deps.config.REDIS_PREFIX);
  const result = await withAcmeProblems(async () => {
    const account = await loadAcmeAccount(deps.pool, box, directoryUrl);
    return { account, issued: await orderCertificate(account.client, domain.hostname, challenges) };
  });

  if (result.ok) {
    const { account, issued } = result.value;
    await storeIssued(deps.pool, box, {
      domainId: domain.id,
      hostname: domain.hostname,
      accountId: account.id,
      issued,
    });
    await announceCertificateChange(deps.redis, deps.config.REDIS_PREFIX, domain.hostname);
    await poke(deps, domain.workspace_id);
    deps.logger.info(
      { domain_id: domain.id, serial: issued.serial, not_after: issued.notAfter, action: data.action },
      'certificate issued',
    );
    return { outcome: 'issued', serial: issued.serial, not_after: issued.notAfter.toISOString() };
  }

  const rateLimited = isRateLimited(result.problem);
  const delay = issuanceRetryDelay(data.attempt, {
    rateLimited,
    retryAfterMs: result.problem?.retryAfterMs ?? null,
  });
  const error = result.problem?.detail ?? result.error.message;
  await recordIssuanceFailure(deps.pool, {
    domainId: domain.id,
    status: current ? 'issued' : data.attempt >= ISSUANCE_ATTEMPTS_BEFORE_FAILED ? 'failed' : 'pending',
    error: rateLimited ? `rate limited by the certificate authority: ${error}` : error,
    attempt: data.attempt,
    nextAttemptAt: new Date(Date.now() + delay),
  });
  await scheduleRetry(deps, data, delay);
  await poke(deps, domain.workspace_id);
  deps.logger.warn(
    { domain_id: domain.id, attempt: data.attempt, rate_limited: rateLimited, err: { message: error } },
    'certificate order failed',
  );
  return { outcome: 'failed', error, rate_limited: rateLimited, next_attempt_in_ms: delay };
}

async function revoke(
  deps: WorkerDeps,
  directoryUrl: string,
  data: JobData<'domain-certificate'>,
): Promise<CertificateReport> {
  const box = certificateBox(deps.config.AUTH_SECRET);
  const hostname = (
    await deps.pool.query<RowOf<typeof customDomains, 'hostname'>>(
      'SELECT hostname FROM custom_domains WHERE id = $1',
      [data.domain_id],
    )
  ).rows[0]?.hostname;
  let revoked = 0;
  // One account for every certificate of the domain, loaded at the first one (none: no ACME call).
  let account: AcmeAccount | undefined;
  for (const certificate of await revocable(deps.pool, data.domain_id)) {
    const result = await withAcmeProblems(async () => {
      account ??= await loadAcmeAccount(deps.pool, box, directoryUrl);
      await account.client.revokeCertificate(box.open(certificate.certificate_sealed), {
        reason: REASON_CESSATION,
      });
    });
    // Already revoked at the CA (a retried job): the same end state.
    const already = !result.ok && result.problem?.type === 'urn:ietf:params:acme:error:alreadyRevoked';
    if (!result.ok && !already) {
      const rateLimited = isRateLimited(result.problem);
      const error = result.problem?.detail ?? result.error.message;
      if (data.attempt < REVOKE_ATTEMPTS)
        await scheduleRetry(
          deps,
          data,
          issuanceRetryDelay(data.attempt, {
            rateLimited,
            retryAfterMs: result.problem?.retryAfterMs ?? null,
          }),
        );
      deps.logger.warn(
        { domain_id: data.domain_id, err: { message: error } },
        'certificate revocation failed',
      );
      return { outcome: 'failed', error, rate_limited: rateLimited, next_attempt_in_ms: null };
    }
    await markRevoked(deps.pool, certificate.id);
    revoked += 1;
  }
  if (hostname !== undefined) await announceCertificateChange(deps.redis, deps.config.REDIS_PREFIX, hostname);
  return { outcome: 'revoked', certificates: revoked };
}

/**
 * `domain-certificate`: ACME for one custom domain (docs/product-rules.md#custom-domains). `issue`/`renew` order a
 * certificate over HTTP-01 (answered by every edge from Redis) unless the active one is not yet due
 * for renewal, store it sealed, and tell the edges; a failure is recorded on the domain (shown in
 * the editor) and retried by a delayed job, rate-limit aware. `revoke` revokes what a removed
 * domain still holds. Without ACME_DIRECTORY_URL nothing is ordered.
 */
export const domainCertificate: Processor<'domain-certificate'> = async (data, _job, deps) => {
  const directoryUrl = deps.config.ACME_DIRECTORY_URL;
  if (directoryUrl === undefined) return { outcome: 'acme_disabled' } satisfies CertificateReport;
  configureAcmeHttp({ caFile: deps.config.ACME_CA_FILE });
  return data.action === 'revoke' ? revoke(deps, directoryUrl, data) : issueOrRenew(deps, directoryUrl, data);
};

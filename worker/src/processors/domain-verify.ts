import { refreshCache } from '@linkhub/shared/server/cache/refresh';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { certificateJob, verificationJob } from '@linkhub/shared/server/domains/domain-jobs';
import { lockHostClaims, lostClaimMessage } from '@linkhub/shared/domains/host-claims';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { enqueueDeliveries, recordDomainVerified } from '../webhooks/events';
import type { JobData } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import { createCnameLookup, type CnameLookup } from '../domains/cname-lookup';
import { tellOwnerVerificationLapsed } from '../domains/lapse-mail';
import { createTxtLookup, type TxtLookup } from '../domains/txt-lookup';
import {
  describeSeen,
  judgeCname,
  judgeTxt,
  nextCheckDelay,
  type VerificationOutcome,
} from '../domains/verification-schedule';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

type CheckedDomain = {
  id: string;
  workspace_id: string;
  hostname: string;
  record_name: string;
  token: string;
  lapsed: boolean;
};

export type DomainCheckReport = {
  outcome: VerificationOutcome | 'not_pending' | 'lost';
  next_attempt_in_ms: number | null;
};

type Lookups = { txt: TxtLookup; cname: CnameLookup };
const lookups = new Map<string, Lookups>();
function lookupsFor(servers: readonly string[]): Lookups {
  const key = servers.join(',');
  let found = lookups.get(key);
  if (!found) {
    found = { txt: createTxtLookup(servers), cname: createCnameLookup(servers) };
    lookups.set(key, found);
  }
  return found;
}

/** A pending domain (first verification) or, for a re-check, a verified one. */
async function loadDomain(
  deps: WorkerDeps,
  id: string,
  recheck: boolean,
): Promise<CheckedDomain | undefined> {
  const { rows } = await deps.pool.query<CheckedDomain>(
    `SELECT id, workspace_id, hostname, verification_record_name AS record_name, verification_token AS token,
            verification_lapsed_at IS NOT NULL AS lapsed
       FROM custom_domains
      WHERE id = $1 AND status = $2 AND deleted_at IS NULL AND NOT is_system AND verification_method = 'dns_txt'
        AND verification_record_name IS NOT NULL AND verification_token IS NOT NULL`,
    [id, recheck ? 'verified' : 'pending'],
  );
  return rows[0];
}

function pokeMembers(deps: WorkerDeps, workspaceId: string): Promise<void> {
  return pokeWorkspaceMembers({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX }, [
    workspaceId,
  ]);
}

function refreshDomainKeys(deps: WorkerDeps, domainId: string): Promise<unknown> {
  return refreshCache(
    { sql: deps.pool, redis: deps.cacheRedis, prefix: deps.config.REDIS_PREFIX },
    { kind: 'resource', resource_type: 'domain', id: domainId },
  );
}

type Check = {
  outcome: VerificationOutcome;
  detail: string | null;
  verifiedBy: 'txt' | 'cname' | null;
  seen: string;
};

/** The TXT token first; failing that, a CNAME of the host to the link host. */
async function checkDns(deps: WorkerDeps, domain: CheckedDomain): Promise<Check> {
  const { txt, cname } = lookupsFor(deps.config.DNS_SERVERS);
  const txtAnswer = await txt(domain.record_name);
  const judged = judgeTxt(txtAnswer, domain.token);
  if (judged.outcome === 'verified')
    return {
      ...judged,
      verifiedBy: 'txt',
      seen: describeSeen(domain.record_name, txtAnswer, domain.hostname, null),
    };
  const cnameAnswer = await cname(domain.hostname);
  const seen = describeSeen(domain.record_name, txtAnswer, domain.hostname, cnameAnswer);
  if (judgeCname(cnameAnswer, deps.config.LINK_HOST))
    return { outcome: 'verified', detail: null, verifiedBy: 'cname', seen };
  return { ...judged, verifiedBy: null, seen };
}

async function recordAttempt(
  client: { query: WorkerDeps['pool']['query'] },
  domainId: string,
  check: Check,
): Promise<void> {
  await client.query(
    'INSERT INTO domain_verification_attempts (domain_id, outcome, detail) VALUES ($1, $2, $3)',
    [domainId, check.outcome, check.detail],
  );
}

type Settled = { status: 'verified' | 'pending' | 'failed' | 'lost'; closed: ClosedClaim[] };
type ClosedClaim = { id: string; workspace_id: string; created_by_user_id: string | null };
type Tx = { query: WorkerDeps['pool']['query'] };

/**
 * The winner of a host closes every other live claim on it (D-490): each becomes `lost`, stops being
 * checked, and the member who added it gets a notice.
 */
async function closeRivalClaims(client: Tx, domain: CheckedDomain): Promise<ClosedClaim[]> {
  const { rows } = await client.query<ClosedClaim>(
    `UPDATE custom_domains SET status = 'lost', next_check_at = NULL, last_error = $3, updated_at = now()
      WHERE hostname = $1 AND id <> $2 AND deleted_at IS NULL AND status IN ('pending', 'failed')
      RETURNING id, workspace_id, created_by_user_id`,
    [domain.hostname, domain.id, lostClaimMessage(domain.hostname)],
  );
  for (const claim of rows) {
    if (claim.created_by_user_id === null) continue;
    await client.query(
      `INSERT INTO sync_notices (user_id, workspace_id, mutation_name, code, message, details, resource_type, resource_id, resource_title)
       VALUES ($1, $2, 'addDomain', 'domain_taken', $3, $4, 'domain', $5, $6)`,
      [
        claim.created_by_user_id,
        claim.workspace_id,
        lostClaimMessage(domain.hostname),
        JSON.stringify([{ field: 'hostname', issue: 'claim_lost' }]),
        claim.id,
        domain.hostname,
      ],
    );
  }
  return rows;
}

/** First verification: verified (routed, certificate ordered), or the next check with backoff, or `failed` after the last; `lost` when another workspace proved the host first. */
async function verifyPending(
  deps: WorkerDeps,
  domain: CheckedDomain,
  data: JobData<'domain-verify'>,
): Promise<DomainCheckReport> {
  const check = await checkDns(deps, domain);
  const provedNow = check.outcome === 'verified';
  const retryIn = provedNow ? null : nextCheckDelay(data.attempt);

  const deliveries: JobRequest[] = [];
  const settled = await withTransaction(deps.pool, async (client): Promise<Settled | null> => {
    await lockHostClaims(client, domain.hostname);
    const taken = await client.query(
      `SELECT 1 FROM custom_domains WHERE hostname = $1 AND id <> $2 AND deleted_at IS NULL AND status = 'verified'`,
      [domain.hostname, domain.id],
    );
    const lost = taken.rowCount !== 0;
    const verified = provedNow && !lost;
    const delay = lost ? null : retryIn;
    const status = lost ? 'lost' : verified ? 'verified' : delay === null ? 'failed' : 'pending';
    await recordAttempt(client, domain.id, check);
    const result = await client.query(
      `UPDATE custom_domains SET status = $2, verified_at = CASE WHEN $2 = 'verified' THEN now() END, last_checked_at = now(),
              check_attempts = check_attempts + 1, last_error = $3, verified_by = $5, verification_seen = $6,
              next_check_at = CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int / 1000.0) END
        WHERE id = $1 AND status = 'pending' AND deleted_at IS NULL`,
      [
        domain.id,
        status,
        lost ? lostClaimMessage(domain.hostname) : verified ? null : (check.detail ?? check.outcome),
        delay,
        verified ? check.verifiedBy : null,
        check.seen,
      ],
    );
    if (result.rowCount === 0) return null;
    if (!verified) return { status, closed: [] };
    // domain.verified commits with the verification.
    deliveries.push(...(await recordDomainVerified(client, domain.id)));
    return { status, closed: await closeRivalClaims(client, domain) };
  });
  if (settled === null) return { outcome: 'not_pending', next_attempt_in_ms: null };
  await enqueueDeliveries(deps, deliveries);

  if (settled.status === 'verified') {
    // Write-through of the domain's keys (DECISIONS D-098): the host routes from now on.
    await refreshDomainKeys(deps, domain.id);
    if (deps.config.ACME_DIRECTORY_URL !== undefined)
      await deps.jobs.enqueue(certificateJob(domain.id, 'issue', 1));
  }
  if (settled.status === 'pending' && retryIn !== null)
    await deps.jobs.enqueue(verificationJob(domain.id, data.attempt + 1, { delayMs: retryIn }));
  await pokeMembers(deps, domain.workspace_id);
  // The losers' editors pull their closed claim and its notice (the notice's user is a member).
  for (const claim of settled.closed) await pokeMembers(deps, claim.workspace_id);
  const outcome = settled.status === 'lost' ? 'lost' : check.outcome;
  deps.logger.info({ domain_id: domain.id, outcome, attempt: data.attempt }, 'domain checked');
  return { outcome, next_attempt_in_ms: settled.status === 'pending' ? retryIn : null };
}

/**
 * The daily re-check of a verified domain. It keeps serving either way (a printed code never
 * 404s): a failure marks it lapsed and mails the owner once; a later success clears the lapse.
 */
async function recheckVerified(deps: WorkerDeps, domain: CheckedDomain): Promise<DomainCheckReport> {
  const check = await checkDns(deps, domain);
  const ok = check.outcome === 'verified';
  await withTransaction(deps.pool, async (client) => {
    await recordAttempt(client, domain.id, check);
    await client.query(
      `UPDATE custom_domains SET last_checked_at = now(), verification_seen = $2, last_error = $3,
              verified_by = COALESCE($4, verified_by),
              verification_lapsed_at = CASE WHEN $5 THEN NULL ELSE COALESCE(verification_lapsed_at, now()) END
        WHERE id = $1 AND status = 'verified' AND deleted_at IS NULL`,
      [domain.id, check.seen, ok ? null : (check.detail ?? check.outcome), check.verifiedBy, ok],
    );
  });
  const changed = ok === domain.lapsed;
  if (changed) {
    // Verify / un-verify write through like every other domain change.
    await refreshDomainKeys(deps, domain.id);
    if (!ok) await tellOwnerVerificationLapsed(deps, domain);
  }
  await pokeMembers(deps, domain.workspace_id);
  deps.logger.info({ domain_id: domain.id, outcome: check.outcome, recheck: true }, 'domain re-checked');
  return { outcome: check.outcome, next_attempt_in_ms: null };
}

/**
 * `domain-verify`: one DNS check of a custom domain: the TXT token at `_linkhub-verify.{host}`, or
 * a CNAME of the host to the link host. The attempt and what was seen are recorded (the editor shows
 * both). A pending domain becomes verified (its `dom:host:` entry written, a certificate ordered
 * when ACME is configured) or is checked again with backoff, then `failed`. `recheck` re-verifies a
 * verified domain (recheckVerified).
 */
export const domainVerify: Processor<'domain-verify'> = async (
  data,
  _job,
  deps,
): Promise<DomainCheckReport> => {
  const recheck = data.recheck === true;
  const domain = await loadDomain(deps, data.domain_id, recheck);
  if (!domain) return { outcome: 'not_pending', next_attempt_in_ms: null };
  return recheck ? recheckVerified(deps, domain) : verifyPending(deps, domain, data);
};

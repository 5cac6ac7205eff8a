import { refreshCache } from '@linkhub/shared/cache/refresh';
import { withTransaction } from '@linkhub/shared/db/sql';
import type { WorkerDeps } from '../deps';
import { createTxtLookup, type TxtLookup } from '../domains/txt-lookup';
import { judgeTxt, nextCheckDelay, type VerificationOutcome } from '../domains/verification-schedule';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

type PendingDomain = {
  id: string;
  workspace_id: string;
  hostname: string;
  record_name: string;
  token: string;
};

export type DomainCheckReport = {
  outcome: VerificationOutcome | 'not_pending';
  next_attempt_in_ms: number | null;
};

const lookups = new Map<string, TxtLookup>();
function lookupFor(servers: readonly string[]): TxtLookup {
  const key = servers.join(',');
  let lookup = lookups.get(key);
  if (!lookup) {
    lookup = createTxtLookup(servers);
    lookups.set(key, lookup);
  }
  return lookup;
}

async function loadPending(deps: WorkerDeps, id: string): Promise<PendingDomain | undefined> {
  const { rows } = await deps.pool.query<PendingDomain>(
    `SELECT id, workspace_id, hostname, verification_record_name AS record_name, verification_token AS token FROM custom_domains
      WHERE id = $1 AND status = 'pending' AND deleted_at IS NULL AND verification_method = 'dns_txt'
        AND verification_record_name IS NOT NULL AND verification_token IS NOT NULL`,
    [id],
  );
  return rows[0];
}

/** Tells every member's open editors to pull: the domain's status changed. */
function pokeMembers(deps: WorkerDeps, workspaceId: string): Promise<void> {
  return pokeWorkspaceMembers({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX }, [
    workspaceId,
  ]);
}

/**
 * `domain-verify`: one DNS TXT check of a pending custom domain (`_linkhub-verify.{host}` must hold
 * its token). The attempt is recorded; on success the domain is verified and the edge's
 * `dom:host:` entry written; otherwise the next check is enqueued with backoff, and after the last
 * one the domain is `failed`. A domain that is no longer pending is left alone.
 */
export const domainVerify: Processor<'domain-verify'> = async (
  data,
  _job,
  deps,
): Promise<DomainCheckReport> => {
  const domain = await loadPending(deps, data.domain_id);
  if (!domain) return { outcome: 'not_pending', next_attempt_in_ms: null };

  const { outcome, detail } = judgeTxt(
    await lookupFor(deps.config.DNS_SERVERS)(domain.record_name),
    domain.token,
  );
  const verified = outcome === 'verified';
  const delay = verified ? null : nextCheckDelay(data.attempt);
  const status = verified ? 'verified' : delay === null ? 'failed' : 'pending';

  const updated = await withTransaction(deps.pool, async (client) => {
    await client.query(
      'INSERT INTO domain_verification_attempts (domain_id, outcome, detail) VALUES ($1, $2, $3)',
      [domain.id, outcome, detail],
    );
    return client.query(
      `UPDATE custom_domains SET status = $2, verified_at = CASE WHEN $2 = 'verified' THEN now() END, last_checked_at = now(),
              check_attempts = check_attempts + 1, last_error = $3, next_check_at = CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int / 1000.0) END
        WHERE id = $1 AND status = 'pending' AND deleted_at IS NULL`,
      [domain.id, status, verified ? null : (detail ?? outcome), delay],
    );
  });
  if (updated.rowCount === 0) return { outcome: 'not_pending', next_attempt_in_ms: null };

  if (verified)
    await refreshCache(
      { sql: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX },
      { kind: 'resource', resource_type: 'domain', id: domain.id },
    );
  if (delay !== null) {
    const attempt = data.attempt + 1;
    await deps.jobs.add(
      'domain-verify',
      { domain_id: domain.id, attempt },
      { jobId: `domain-verify-${domain.id}-${attempt}`, delay },
    );
  }
  await pokeMembers(deps, domain.workspace_id);
  deps.logger.info({ domain_id: domain.id, outcome, attempt: data.attempt }, 'domain checked');
  return { outcome, next_attempt_in_ms: delay };
};

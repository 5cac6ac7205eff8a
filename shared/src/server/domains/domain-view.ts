import type { RowOf } from '../db/row';
import type { customDomains } from '../db/schema/domains';
import { one, type Queryable } from '../db/sql';
import { CNAME_TARGET_SQL } from '../db/system-domains';
import type { Domain } from '../../schemas/domains';
import { domainDnsRecords } from '../../domains/dns-records';

/**
 * A custom domain's row as `/v1/domains` and `domain.verified` serialize it (one row shape, one
 * serializer, so a webhook's data equals the API's resource) and the sync view reads it, its types
 * those of the schema (D-551).
 */
export type DomainRow = RowOf<
  typeof customDomains,
  | 'id'
  | 'workspaceId'
  | 'hostname'
  | 'isSystem'
  | 'purpose'
  | 'status'
  | 'verificationRecordName'
  | 'verificationToken'
  | 'tlsStatus'
  | 'verifiedAt'
  | 'createdAt'
  | 'lastError'
  | 'verificationSeen'
  | 'lastCheckedAt'
  | 'verificationLapsedAt'
  | 'tlsExpiresAt'
  | 'tlsLastError'
  | 'tlsNextAttemptAt'
  | 'rootHandle'
  | 'notFoundUrl'
  | 'rootRedirectUrl'
  | 'expiredUrl'
> & {
  /** The system link host (a custom domain may CNAME to it). */
  cname_target: string | null;
};

/** The columns `serializeDomain` reads, from `custom_domains c`. */
export const DOMAIN_COLUMNS = `c.id, c.workspace_id, c.hostname, c.is_system, c.purpose, c.status, c.verification_record_name,
       c.verification_token, c.tls_status, c.verified_at, c.created_at, c.verification_seen, c.last_checked_at,
       c.verification_lapsed_at, c.last_error, c.tls_expires_at, c.tls_last_error, c.tls_next_attempt_at, c.root_handle, c.not_found_url,
       c.root_redirect_url, c.expired_url,
       ${CNAME_TARGET_SQL} AS cname_target`;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function serializeDomain(row: DomainRow): Domain {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    hostname: row.hostname,
    is_system: row.is_system,
    purpose: row.purpose,
    status: row.status,
    verification:
      row.verification_record_name && row.verification_token
        ? { record_type: 'TXT', name: row.verification_record_name, value: row.verification_token }
        : null,
    tls_status: row.tls_status,
    records: row.is_system || row.cname_target === null ? [] : domainDnsRecords(row, row.cname_target),
    verification_seen: row.verification_seen,
    last_checked_at: iso(row.last_checked_at),
    verification_lapsed_at: iso(row.verification_lapsed_at),
    tls_expires_at: iso(row.tls_expires_at),
    tls_last_error: row.tls_last_error,
    tls_next_attempt_at: iso(row.tls_next_attempt_at),
    root_handle: row.root_handle,
    not_found_url: row.not_found_url,
    root_redirect_url: row.root_redirect_url,
    expired_url: row.expired_url,
    verified_at: iso(row.verified_at),
    created_at: row.created_at.toISOString(),
  };
}

/** One live (not removed) domain by id. */
export function findDomainRow(db: Queryable, id: string): Promise<DomainRow | undefined> {
  return one<DomainRow>(
    db,
    `SELECT ${DOMAIN_COLUMNS} FROM custom_domains c WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
}

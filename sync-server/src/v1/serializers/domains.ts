import { domainDnsRecords } from '@linkhub/shared/domains/dns-records';
import type { Domain } from '@linkhub/shared/schemas/domains';
import { iso } from './short-url';

export type DomainRecord = {
  id: string;
  workspace_id: string | null;
  hostname: string;
  is_system: boolean;
  purpose: Domain['purpose'];
  status: Domain['status'];
  verification_record_name: string | null;
  verification_token: string | null;
  tls_status: Domain['tls_status'];
  verified_at: Date | null;
  created_at: Date;
  cursor_at: string;
  verification_seen: string | null;
  last_checked_at: Date | null;
  verification_lapsed_at: Date | null;
  tls_expires_at: Date | null;
  tls_last_error: string | null;
  tls_next_attempt_at: Date | null;
  root_handle: string | null;
  not_found_url: string | null;
  /** The system link host (a custom domain may CNAME to it). */
  cname_target: string | null;
};

export function serializeDomain(row: DomainRecord): Domain {
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
    verified_at: iso(row.verified_at),
    created_at: row.created_at.toISOString(),
  };
}

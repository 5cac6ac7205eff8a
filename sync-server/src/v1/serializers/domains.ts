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
    verified_at: iso(row.verified_at),
    created_at: row.created_at.toISOString(),
  };
}

import type { domainCertificates } from '@linkhub/shared/server/db/schema/domains';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { SecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { tlsChangedChannel } from '@linkhub/shared/server/domains/tls-keys';
import type { IssuedCertificate } from './order-certificate';

/** The rows this worker keeps about certificates: `domain_certificates` and the domain's `tls_*` columns. */

export type ActiveCertificate = {
  id: string;
  certificate_sealed: string;
  serial: string;
  not_before: Date;
  not_after: Date;
};

export async function activeCertificate(pool: pg.Pool, domainId: string): Promise<ActiveCertificate | null> {
  const { rows } = await pool.query<ActiveCertificate>(
    `SELECT id, certificate_sealed, serial, not_before, not_after FROM domain_certificates
      WHERE domain_id = $1 AND status = 'active'`,
    [domainId],
  );
  return rows[0] ?? null;
}

/** A new certificate becomes the domain's one active certificate; the previous one is superseded (it stays valid until it expires). */
export async function storeIssued(
  pool: pg.Pool,
  box: SecretBox,
  input: { domainId: string; hostname: string; accountId: string; issued: IssuedCertificate },
): Promise<string> {
  const { domainId, hostname, accountId, issued } = input;
  return withTransaction(pool, async (client) => {
    await client.query(
      "UPDATE domain_certificates SET status = 'superseded', updated_at = now() WHERE domain_id = $1 AND status = 'active'",
      [domainId],
    );
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO domain_certificates (domain_id, hostname, acme_account_id, certificate_sealed, private_key_sealed, serial, not_before, not_after)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        domainId,
        hostname,
        accountId,
        box.seal(Buffer.from(issued.chainPem, 'utf8')),
        box.seal(Buffer.from(issued.privateKeyPem, 'utf8')),
        issued.serial,
        issued.notBefore,
        issued.notAfter,
      ],
    );
    await client.query(
      `UPDATE custom_domains SET tls_status = 'issued', tls_issued_at = now(), tls_expires_at = $2, tls_attempts = 0,
              tls_last_error = NULL, tls_next_attempt_at = NULL, updated_at = now()
        WHERE id = $1`,
      [domainId, issued.notAfter],
    );
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('certificate insert returned no row');
    return id;
  });
}

/** An order that failed: the domain keeps its state (`issued` while a valid certificate remains), and says why and when the next try is. */
export async function recordIssuanceFailure(
  pool: pg.Pool,
  input: {
    domainId: string;
    status: 'pending' | 'failed' | 'issued';
    error: string;
    attempt: number;
    nextAttemptAt: Date;
  },
): Promise<void> {
  await pool.query(
    `UPDATE custom_domains SET tls_status = $2, tls_last_error = $3, tls_attempts = $4, tls_next_attempt_at = $5, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL`,
    [input.domainId, input.status, input.error.slice(0, 500), input.attempt, input.nextAttemptAt],
  );
}

export async function markPending(pool: pg.Pool, domainId: string): Promise<void> {
  await pool.query(
    "UPDATE custom_domains SET tls_status = 'pending', updated_at = now() WHERE id = $1 AND tls_status <> 'pending'",
    [domainId],
  );
}

/** Certificates of a domain still to revoke (the domain was removed): active or superseded, not yet expired. */
export async function revocable(
  pool: pg.Pool,
  domainId: string,
): Promise<Array<{ id: string; certificate_sealed: string }>> {
  const { rows } = await pool.query<RowOf<typeof domainCertificates, 'id' | 'certificateSealed'>>(
    `SELECT id, certificate_sealed FROM domain_certificates
      WHERE domain_id = $1 AND status IN ('active', 'superseded') AND not_after > now() ORDER BY created_at`,
    [domainId],
  );
  return rows;
}

export async function markRevoked(pool: pg.Pool, certificateId: string): Promise<void> {
  await pool.query(
    "UPDATE domain_certificates SET status = 'revoked', revoked_at = now(), updated_at = now() WHERE id = $1",
    [certificateId],
  );
}

/** Tells every edge to drop its copy of this host's certificate (it loads the current one at the next handshake). */
export async function announceCertificateChange(
  redis: RedisClient,
  prefix: string,
  hostname: string,
): Promise<void> {
  await redis.publish(tlsChangedChannel(prefix), hostname);
}

/**
 * The DNS records that prove a workspace controls a custom domain (either one is enough): the
 * TXT token at `_linkhub-verify.{host}`, or the host itself as a CNAME to the link host (which
 * also points visitors at LinkHub). Shown by the editor and the REST API exactly as stored.
 */
export type DomainDnsRecord = { type: 'TXT' | 'CNAME'; name: string; value: string };

export function domainDnsRecords(
  domain: { hostname: string; verification_record_name: string | null; verification_token: string | null },
  linkHost: string,
): DomainDnsRecord[] {
  const records: DomainDnsRecord[] = [];
  if (domain.verification_record_name && domain.verification_token)
    records.push({ type: 'TXT', name: domain.verification_record_name, value: domain.verification_token });
  records.push({ type: 'CNAME', name: domain.hostname, value: linkHost });
  return records;
}

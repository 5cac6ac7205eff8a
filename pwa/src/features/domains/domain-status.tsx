import type { DomainView } from '@linkhub/shared/sync/views';
import { displayHost } from '@linkhub/shared/url/display-url';
import { copyText } from '../../ui/clipboard';

/** A panel on its own line of the domain's row; long record values and tokens wrap instead of widening the page. */
export const FULL_ROW = {
  flexBasis: '100%',
  minWidth: 0,
  boxSizing: 'border-box',
  overflowWrap: 'anywhere',
} as const;

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for DNS',
  verified: 'Verified',
  failed: 'Check failed',
  removed: 'Removed',
};

export function statusText(domain: DomainView): string {
  if (domain.status === 'verified' && domain.verification_lapsed_at) return 'DNS changed';
  return STATUS_TEXT[domain.status] ?? domain.status;
}

const TLS_TEXT: Record<string, string> = {
  none: 'No certificate yet',
  pending: 'Certificate being issued',
  issued: 'HTTPS certificate issued',
  failed: 'Certificate could not be issued',
  not_required: '',
};

/** A moment in the reader's locale, short. */
function when(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? null
    : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function CopyButton({ value, label }: { value: string; label: string }) {
  return (
    <button type="button" onClick={() => void copyText(value)} aria-label={label}>
      Copy
    </button>
  );
}

/** The records that prove control: either one is enough (the CNAME also sends visitors to LinkHub). */
function DnsRecords({ domain }: { domain: DomainView }) {
  const records =
    domain.records.length > 0
      ? domain.records
      : domain.verification
        ? [{ type: 'TXT' as const, name: domain.verification.name, value: domain.verification.value }]
        : [];
  if (records.length === 0)
    return <p className="muted">The records appear here once this device has synced.</p>;
  return (
    <>
      {records.map((record, index) => (
        <div key={record.type} role="group" aria-label={`${record.type} record for ${domain.hostname}`}>
          {index > 0 && <p className="muted">or</p>}
          <dl className="dns">
            <dt>Type</dt>
            <dd>{record.type}</dd>
            <dt>Name</dt>
            <dd>
              <code>{record.name}</code>{' '}
              <CopyButton
                value={record.name}
                label={`Copy the ${record.type} record name for ${domain.hostname}`}
              />
            </dd>
            <dt>Value</dt>
            <dd>
              <code>{record.value}</code>{' '}
              <CopyButton
                value={record.value}
                label={`Copy the ${record.type} record value for ${domain.hostname}`}
              />
            </dd>
          </dl>
        </div>
      ))}
    </>
  );
}

/** What the last DNS check saw, and when. */
function LastSeen({ domain }: { domain: DomainView }) {
  const checked = when(domain.last_checked_at);
  if (!domain.verification_seen && !checked) return <p className="muted">Not checked yet.</p>;
  return (
    <p className="muted" aria-label="Last DNS check">
      Last check{checked ? ` (${checked})` : ''}:{' '}
      {domain.verification_seen ?? domain.last_error ?? 'no answer'}
    </p>
  );
}

/** The certificate: issued and until when, or being issued, or why not and when it is tried again. */
export function CertificateState({ domain }: { domain: DomainView }) {
  const text = TLS_TEXT[domain.tls_status] ?? domain.tls_status;
  const expires = when(domain.tls_expires_at);
  const next = when(domain.tls_next_attempt_at);
  return (
    <div aria-label={`Certificate for ${domain.hostname}`} role="group">
      <p>
        <span className={`badge ${domain.tls_status === 'issued' ? '' : 'paused'}`}>{text}</span>
        {domain.tls_status === 'issued' && expires ? (
          <span className="muted"> renews before {expires}</span>
        ) : null}
      </p>
      {domain.tls_last_error && (
        <p className="error">
          Last attempt failed: {domain.tls_last_error}
          {next ? `. Tried again ${next}.` : '.'}
        </p>
      )}
    </div>
  );
}

/** What to put in DNS for a custom domain, and where its checks stand (the worker retries and re-checks). */
export function DomainSetup({ domain }: { domain: DomainView }) {
  if (domain.status === 'verified') {
    return (
      <div className="panel" style={FULL_ROW} role="group" aria-label={`Status of ${domain.hostname}`}>
        {domain.verification_lapsed_at ? (
          <>
            <p className="error" role="alert">
              The DNS of {displayHost(domain.hostname)} no longer points at LinkHub (since{' '}
              {when(domain.verification_lapsed_at)}). Its links keep working, but its certificate cannot be
              renewed. Put one of these records back:
            </p>
            <DnsRecords domain={domain} />
          </>
        ) : (
          <p>Verified. Links on {displayHost(domain.hostname)} are served by LinkHub.</p>
        )}
        <LastSeen domain={domain} />
        <CertificateState domain={domain} />
      </div>
    );
  }
  return (
    <div className="panel" style={FULL_ROW} aria-label={`How to verify ${domain.hostname}`} role="group">
      <p>
        Prove you control <strong>{displayHost(domain.hostname)}</strong>: add one of these records at your
        DNS provider. The CNAME also points visitors at LinkHub; with the TXT record, point the domain at the
        LinkHub edge too.
      </p>
      <DnsRecords domain={domain} />
      <LastSeen domain={domain} />
      {domain.status === 'lost' ? (
        <p className="error" role="alert">
          {domain.last_error ??
            `Another workspace proved it controls ${displayHost(domain.hostname)} first, so this claim was closed.`}
        </p>
      ) : domain.status === 'failed' ? (
        <p className="error">
          Checks stopped after three days without the record
          {domain.last_error ? ` (${domain.last_error})` : ''}. Add it, then check again.
        </p>
      ) : (
        <p className="muted">
          We check every few minutes at first, then less often, and issue the certificate once it verifies.
        </p>
      )}
    </div>
  );
}

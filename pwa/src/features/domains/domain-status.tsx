import type { DomainView } from '@linkhub/shared/sync/views';
import { copyText } from '../../ui/clipboard';

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for DNS',
  verified: 'Verified',
  failed: 'Check failed',
  removed: 'Removed',
};

export function statusText(domain: DomainView): string {
  return STATUS_TEXT[domain.status] ?? domain.status;
}

const TLS_TEXT: Record<string, string> = {
  none: 'no certificate yet',
  pending: 'certificate being issued',
  issued: 'certificate issued',
  failed: 'certificate failed',
  not_required: '',
};

/** What to put in DNS for a custom domain, and where its check stands (the worker retries pending checks). */
export function DomainSetup({ domain }: { domain: DomainView }) {
  const tls = TLS_TEXT[domain.tls_status] ?? domain.tls_status;
  if (domain.status === 'verified') {
    return (
      <small className="muted">
        Verified{tls ? `, ${tls}` : ''}. Links on {domain.hostname} resolve once its DNS points at the LinkHub
        edge.
      </small>
    );
  }
  return (
    <div
      className="panel"
      style={{ flexBasis: '100%' }}
      aria-label={`How to verify ${domain.hostname}`}
      role="group"
    >
      <p>
        1. Prove you control <strong>{domain.hostname}</strong>: add this TXT record at your DNS provider.
      </p>
      {domain.verification ? (
        <dl className="dns">
          <dt>Type</dt>
          <dd>TXT</dd>
          <dt>Name</dt>
          <dd>
            <code>{domain.verification.name}</code>{' '}
            <button
              type="button"
              onClick={() => void copyText(domain.verification?.name ?? '')}
              aria-label={`Copy the record name for ${domain.hostname}`}
            >
              Copy
            </button>
          </dd>
          <dt>Value</dt>
          <dd>
            <code>{domain.verification.value}</code>{' '}
            <button
              type="button"
              onClick={() => void copyText(domain.verification?.value ?? '')}
              aria-label={`Copy the record value for ${domain.hostname}`}
            >
              Copy
            </button>
          </dd>
        </dl>
      ) : (
        <p className="muted">The record appears here once this device has synced.</p>
      )}
      <p>
        2. Point {domain.hostname} (CNAME or A record) at the LinkHub edge. We check the DNS every few minutes
        and issue the certificate when it answers.
      </p>
      {domain.status === 'failed' && (
        <p className="error">
          The last check failed{domain.last_error ? `: ${domain.last_error}` : ''}. It is tried again
          automatically.
        </p>
      )}
    </div>
  );
}

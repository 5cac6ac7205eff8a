import type { InvoiceView } from '@linkhub/shared/billing/api';
import { formatDate, formatMoney } from './billing-api';

const STATUS: Record<InvoiceView['status'], string> = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  uncollectible: 'Unpaid',
  void: 'Void',
};

/** The account's invoices, newest first, each with Stripe's page and PDF. */
export function InvoiceList({ invoices }: { invoices: InvoiceView[] }) {
  return (
    <section className="panel" aria-labelledby="invoices-title">
      <h2 id="invoices-title">Invoices</h2>
      {invoices.length === 0 ? (
        <p className="muted">No invoices yet.</p>
      ) : (
        <ul className="list invoices" aria-label="Invoices">
          {invoices.map((i) => (
            <li key={i.id}>
              <span>
                <strong>{i.number ?? i.id}</strong> <span className="muted">{formatDate(i.issued_at)}</span>
              </span>
              <span>{formatMoney(i.total_cents, i.currency)}</span>
              <span className={`badge ${i.status === 'open' ? 'paused' : ''}`}>{STATUS[i.status]}</span>
              {i.hosted_invoice_url && (
                <a href={i.hosted_invoice_url} target="_blank" rel="noopener noreferrer">
                  {i.status === 'open' ? 'Pay' : 'View'}
                </a>
              )}
              {i.invoice_pdf_url && (
                <a href={i.invoice_pdf_url} target="_blank" rel="noopener noreferrer">
                  PDF
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import type { QuotaView } from '@linkhub/shared/billing/api';

const FIELD_LABELS: Record<QuotaView['usage'][number]['field'], string> = {
  workspaces: 'Workspaces',
  bio_pages: 'Bio pages',
  links: 'Short links',
  qr_codes: 'Dynamic QR codes',
  custom_domains: 'Custom domains',
  members: 'Members',
};

/** Caps and current use, for every role (workspace.view_quota): why a create was refused. No prices. */
export function QuotaPanel({ quota }: { quota: QuotaView }) {
  const readOnly = quota.read_only.bio_page + quota.read_only.link + quota.read_only.qr_code;
  return (
    <section className="panel" aria-labelledby="quota-title">
      <h2 id="quota-title">
        {quota.plan_name} plan <span className="muted">usage</span>
      </h2>
      <ul className="quota-list" aria-label="Usage against the plan's limits">
        {quota.usage.map((u) => (
          <li key={u.field}>
            <span className="quota-label">{FIELD_LABELS[u.field]}</span>
            <span className="quota-figure">
              {u.limit === null ? `${u.used} (unlimited)` : `${u.used} of ${u.limit}`}
            </span>
            {u.limit !== null && (
              <meter min={0} max={Math.max(u.limit, 1)} value={Math.min(u.used, u.limit)} high={u.limit}>
                {u.used} of {u.limit}
              </meter>
            )}
          </li>
        ))}
      </ul>
      {readOnly > 0 && (
        <p className="muted">
          {readOnly} item{readOnly === 1 ? ' is' : 's are'} read-only because the workspace has more than its
          plan allows. They keep working for visitors.
        </p>
      )}
    </section>
  );
}

import type { DomainView } from '@linkhub/shared/sync/views';
import { Field } from '../../ui/field';
import type { LinkFilter, LinkSort, LinkStatusFilter } from './link-filter';

const STATUSES: LinkStatusFilter[] = ['all', 'active', 'paused', 'scheduled', 'expired', 'archived'];
const SORTS: Array<[LinkSort, string]> = [
  ['newest', 'Newest'],
  ['oldest', 'Oldest'],
  ['slug', 'Slug A–Z'],
  ['clicks', 'Most clicks'],
];

/** Search, tag/status/domain filters and sort for the link list. */
export function LinksToolbar({
  filter,
  onChange,
  tags,
  domains,
}: {
  filter: LinkFilter;
  onChange: (f: LinkFilter) => void;
  tags: string[];
  domains: DomainView[];
}) {
  const set = <K extends keyof LinkFilter>(key: K, value: LinkFilter[K]) =>
    onChange({ ...filter, [key]: value });
  return (
    <div className="toolbar" role="search">
      <Field label="Search links" type="search" value={filter.q} onChange={(v) => set('q', v)} />
      <div className="field">
        <label htmlFor="f-tag">Tag</label>
        <select id="f-tag" value={filter.tag} onChange={(e) => set('tag', e.target.value)}>
          <option value="">Any tag</option>
          {tags.map((t) => (
            <option key={t}>{t}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-status">Status</label>
        <select
          id="f-status"
          value={filter.status}
          onChange={(e) => set('status', STATUSES.find((s) => s === e.target.value) ?? 'all')}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? 'All but archived' : s}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-domain">Domain</label>
        <select id="f-domain" value={filter.domain} onChange={(e) => set('domain', e.target.value)}>
          <option value="">Any domain</option>
          {domains.map((d) => (
            <option key={d.id} value={d.id}>
              {d.hostname}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="f-sort">Sort</label>
        <select
          id="f-sort"
          value={filter.sort}
          onChange={(e) => set('sort', SORTS.find(([k]) => k === e.target.value)?.[0] ?? 'newest')}
        >
          {SORTS.map(([k, label]) => (
            <option key={k} value={k}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

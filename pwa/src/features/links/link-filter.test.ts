import { describe, expect, it } from 'vitest';
import type { LinkView } from '@linkhub/shared/sync/views';
import { EMPTY_FILTER, filterLinks, linkState } from './link-filter';

const base: LinkView = {
  id: 'a',
  workspace_id: 'w',
  domain_id: 'd1',
  host: 'lnk.test',
  slug: 'spring',
  destination_url: 'https://shop.test/spring',
  title: 'Spring sale',
  tags: ['sale'],
  utm: {},
  rules: [],
  destinations: [],
  status: 'active',
  starts_at: null,
  expires_at: null,
  archived_at: null,
  locked: false,
  qr_code_id: null,
  social_preview: null,
  ios_url: null,
  android_url: null,
  expired_url: null,
  has_password: false,
  max_clicks: null,
  click_count: 0,
  click_limit_reached_at: null,
  folder_id: null,
  note: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};
const links: LinkView[] = [
  base,
  {
    ...base,
    id: 'b',
    destination_url: 'https://shop.test/b',
    slug: 'autumn',
    title: 'Autumn',
    tags: ['news'],
    status: 'paused',
    created_at: '2026-02-01T00:00:00Z',
  },
  { ...base, id: 'c', slug: 'old', title: 'Old', archived_at: '2026-03-01T00:00:00Z' },
  {
    ...base,
    id: 'd',
    destination_url: 'https://shop.test/d',
    slug: 'later',
    title: 'Later',
    domain_id: 'd2',
    starts_at: '2099-01-01T00:00:00Z',
    created_at: '2026-03-01T00:00:00Z',
  },
];
const ids = (rows: LinkView[]) => rows.map((l) => l.id);
const noClicks = () => 0;

describe('the link list filter', () => {
  it('hides archived links unless asked, newest first', () => {
    expect(ids(filterLinks(links, EMPTY_FILTER, noClicks))).toEqual(['d', 'b', 'a']);
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, status: 'archived' }, noClicks))).toEqual(['c']);
  });

  it('searches slug, title, destination and tags; filters by tag, status and domain', () => {
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, q: 'SPRING' }, noClicks))).toEqual(['a']);
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, tag: 'news' }, noClicks))).toEqual(['b']);
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, status: 'paused' }, noClicks))).toEqual(['b']);
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, status: 'scheduled' }, noClicks))).toEqual(['d']);
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, domain: 'd2' }, noClicks))).toEqual(['d']);
  });

  it('sorts by slug and by clicks', () => {
    expect(ids(filterLinks(links, { ...EMPTY_FILTER, sort: 'slug' }, noClicks))).toEqual(['b', 'd', 'a']);
    expect(
      ids(filterLinks(links, { ...EMPTY_FILTER, sort: 'clicks' }, (id) => (id === 'a' ? 9 : 1)))[0],
    ).toBe('a');
  });

  it('names an expired link as expired', () => {
    expect(linkState({ ...base, expires_at: '2020-01-01T00:00:00Z' }, Date.now())).toBe('expired');
  });

  it('names a paused link past its expiry as paused, as the edge serves it', () => {
    expect(linkState({ ...base, status: 'paused', expires_at: '2020-01-01T00:00:00Z' }, Date.now())).toBe(
      'paused',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { apiQuery, parseView, viewPath, withFilter, withoutFilter } from './dashboard-url';

describe('the dashboard view in the URL', () => {
  it('round-trips period, resource, set and filters, "unknown" included', () => {
    const id = '01a24592-2a95-772b-8eb7-45ff937b1a24';
    const v = withFilter(
      withFilter(parseView('?period=7d&tag=spring', [id]), 'country', 'FR'),
      'referrer_host',
      null,
    );
    const path = viewPath(v);
    expect(path).toBe(`/analytics/${id}?period=7d&tag=spring&country=FR&referrer_host=`);
    const [pathname = '', search = ''] = path.split('?');
    expect(parseView(`?${search}`, pathname.split('/').slice(2))).toEqual(v);
    expect(viewPath(withoutFilter(v, 'country'))).toBe(
      `/analytics/${id}?period=7d&tag=spring&referrer_host=`,
    );
  });
  it('ignores what it does not know and names the period for the API', () => {
    const v = parseView('?period=forever&evil=1&utm_source=a%26b', ['not-an-id']);
    expect(v).toEqual({
      period: '30d',
      resource: 'not-an-id',
      tag: null,
      domain: null,
      filters: { utm_source: 'a&b' },
    });
    expect(apiQuery('w', { ...v, resource: null })).toBe('workspace_id=w&period=30d&utm_source=a%26b');
  });
  it('asks nothing for a path that names no resource id, rather than showing the whole workspace', () => {
    const id = '01a24592-2a95-772b-8eb7-45ff937b1a24';
    for (const rest of [['not-an-id'], [id.slice(0, 35)], [`${id}x`], [id, 'extra'], ['‮' + id]])
      expect(apiQuery('w', parseView('', rest))).toBeNull();
    expect(apiQuery('w', parseView('', [id.toUpperCase()]))).toBe(
      `workspace_id=w&period=30d&resource_id=${id.toUpperCase()}`,
    );
    expect(apiQuery('w', parseView('', []))).toBe('workspace_id=w&period=30d');
  });
});

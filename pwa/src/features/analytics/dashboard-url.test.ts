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
      resource: null,
      tag: null,
      domain: null,
      filters: { utm_source: 'a&b' },
    });
    expect(apiQuery('w', v)).toBe('workspace_id=w&period=30d&utm_source=a%26b');
  });
});

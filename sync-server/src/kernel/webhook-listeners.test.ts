import { describe, expect, it } from 'vitest';
import { listensFor } from './webhook-listeners';

describe('listensFor', () => {
  const page = '0193a000-0000-7000-8000-000000000001';
  const otherPage = '0193a000-0000-7000-8000-000000000002';

  it('hears only the events an endpoint subscribed to', () => {
    const listeners = [{ events: ['link.created'], page_id: null }];
    expect(listensFor(listeners, 'link.created', null)).toBe(true);
    expect(listensFor(listeners, 'link.updated', null)).toBe(false);
    expect(listensFor([], 'link.created', null)).toBe(false);
  });

  it('an endpoint set up for one bio page hears only that page’s events', () => {
    const listeners = [{ events: ['bio_page.published'], page_id: page }];
    expect(listensFor(listeners, 'bio_page.published', page)).toBe(true);
    expect(listensFor(listeners, 'bio_page.published', otherPage)).toBe(false);
    expect(
      listensFor(
        [...listeners, { events: ['bio_page.published'], page_id: null }],
        'bio_page.published',
        otherPage,
      ),
    ).toBe(true);
  });
});

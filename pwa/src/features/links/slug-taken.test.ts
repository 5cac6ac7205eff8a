import { describe, expect, it } from 'vitest';
import { slugTakenBy } from './slug-taken';

const links = [{ id: 'l1', slug: 'spring', domain_id: 'd1' }];
const qrs = [{ id: 'q1', slug: 'menu', domain_id: 'd1' }];

describe('a slug already in use', () => {
  it('is flagged before save for a new link, by a link or by a QR code', () => {
    expect(slugTakenBy('Spring', null, links, qrs)).toBe('Another link already uses this slug.');
    expect(slugTakenBy('menu', null, links, qrs)).toMatch(/QR code holds this slug/);
    expect(slugTakenBy('autumn', null, links, qrs)).toBeNull();
  });

  it('is not flagged for the link’s own slug or for the same slug on another domain', () => {
    expect(slugTakenBy('spring', links[0] ?? null, links, qrs)).toBeNull();
    expect(slugTakenBy('spring', { id: 'l2', slug: 'x', domain_id: 'd2' }, links, qrs)).toBeNull();
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderedIds } from './promote-page';

const draft = (ids: readonly string[]) =>
  ids.map((id, i) => ({ id, type: 'link', data: {}, position: `a${i}` }));

describe('the winning block order applied to a draft', () => {
  it('listed blocks first, in the variant’s order; the rest after them in draft order', () => {
    expect(orderedIds(draft(['h', 'blog', 'shop']), ['shop', 'blog'])).toEqual(['shop', 'blog', 'h']);
  });

  it('skips blocks gone from the draft since the start, and repeats', () => {
    expect(orderedIds(draft(['h', 'shop']), ['gone', 'shop', 'shop'])).toEqual(['shop', 'h']);
  });

  it('is always a reordering of exactly the draft’s blocks (fast-check)', () => {
    const ids = fc.uniqueArray(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 12 });
    fc.assert(
      fc.property(
        ids,
        fc.array(fc.stringMatching(/^[a-z0-9]{1,6}$/), { maxLength: 12 }),
        (present, order) => {
          const out = orderedIds(draft(present), order);
          expect([...out].sort()).toEqual([...present].sort());
          const listed = [...new Set(order)].filter((id) => present.includes(id));
          expect(out.slice(0, listed.length)).toEqual(listed);
          const rest = out.slice(listed.length);
          expect(rest).toEqual(present.filter((id) => !listed.includes(id)));
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageVariantChangeSchema } from '@linkhub/shared/experiments/page-experiment';
import { pageChallengerChange } from './page-challenger';

describe('B of a bio page test on the create screen', () => {
  it('combines moving a link first with a new label and URL in one variant', () => {
    expect(
      pageChallengerChange({
        blockId: 'shop',
        first: true,
        label: 'Shop the sale',
        url: 'https://example.com/sale',
      }),
    ).toEqual({
      block_order: ['shop'],
      block: { id: 'shop', label: 'Shop the sale', url: 'https://example.com/sale' },
    });
    expect(
      pageChallengerChange({ blockId: 'shop', first: false, label: null, url: 'https://example.com/s' }),
    ).toEqual({ block: { id: 'shop', url: 'https://example.com/s' } });
  });

  it('is null when B changes nothing (blank texts do not count)', () => {
    expect(pageChallengerChange({ blockId: 'shop', first: false, label: '  ', url: '' })).toBeNull();
  });

  it('any choice with something in it is a change the API accepts (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('shop', 'b-1', 'a_2'),
        fc.boolean(),
        fc.option(fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '')),
        fc.option(fc.webUrl()),
        (blockId, first, label, url) => {
          const change = pageChallengerChange({ blockId, first, label, url });
          if (change === null) expect(first || label !== null || url !== null).toBe(false);
          else expect(pageVariantChangeSchema.safeParse(change).success).toBe(true);
        },
      ),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { PLAN_KEYS } from '../entitlements/plans';
import {
  PAID_PLAN_KEYS,
  planForPrice,
  priceIdFor,
  purchasableOptions,
  type StripePriceIds,
} from './catalogue';

const prices: StripePriceIds = {
  pro: { month: 'price_pro_m', year: 'price_pro_y' },
  business: { month: 'price_biz_m', year: null },
};

describe('the paid plan catalogue', () => {
  it('paid plans are plans of the catalogue, Free is not sold', () => {
    for (const plan of PAID_PLAN_KEYS) expect(PLAN_KEYS).toContain(plan);
    expect(PAID_PLAN_KEYS).not.toContain('free');
  });

  it('maps plan and interval to the configured price and back', () => {
    expect(priceIdFor(prices, 'pro', 'year')).toBe('price_pro_y');
    expect(planForPrice(prices, 'price_biz_m')).toEqual({ plan: 'business', interval: 'month' });
    expect(planForPrice(prices, 'price_unknown')).toBeNull();
  });

  it('offers only what has a price', () => {
    expect(purchasableOptions(prices).map((o) => `${o.plan}/${o.interval}`)).toEqual([
      'pro/month',
      'pro/year',
      'business/month',
    ]);
  });
});

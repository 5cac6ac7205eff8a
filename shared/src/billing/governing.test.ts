import { describe, expect, it } from 'vitest';
import { accountBillingFrom, type MirroredSubscription } from './governing';

const sub = (over: Partial<MirroredSubscription>): MirroredSubscription => ({
  plan_key: 'pro',
  status: 'active',
  created_at: new Date('2026-01-01T00:00:00Z'),
  past_due_since: null,
  ...over,
});

describe('accountBillingFrom', () => {
  it('no subscription: Free and active', () => {
    expect(accountBillingFrom([])).toEqual({ plan: 'free', status: 'active', past_due_since: null });
  });

  it('the newest running subscription decides, whatever the order given', () => {
    const old = sub({ plan_key: 'pro', status: 'canceled', created_at: new Date('2026-01-01T00:00:00Z') });
    const current = sub({
      plan_key: 'business',
      status: 'trialing',
      created_at: new Date('2026-02-01T00:00:00Z'),
    });
    expect(accountBillingFrom([old, current])).toEqual({
      plan: 'business',
      status: 'trialing',
      past_due_since: null,
    });
    expect(accountBillingFrom([current, old])).toEqual({
      plan: 'business',
      status: 'trialing',
      past_due_since: null,
    });
  });

  it('past due keeps the date it fell behind', () => {
    const since = new Date('2026-03-04T00:00:00Z');
    expect(accountBillingFrom([sub({ status: 'past_due', past_due_since: since })])).toEqual({
      plan: 'pro',
      status: 'past_due',
      past_due_since: since,
    });
  });

  it('only ended or never-paid subscriptions: Free, canceled when the last one was canceled', () => {
    expect(accountBillingFrom([sub({ status: 'canceled' })]).status).toBe('canceled');
    expect(accountBillingFrom([sub({ status: 'canceled' })]).plan).toBe('free');
    expect(accountBillingFrom([sub({ status: 'incomplete' })])).toEqual({
      plan: 'free',
      status: 'active',
      past_due_since: null,
    });
    expect(accountBillingFrom([sub({ status: 'paused' })]).plan).toBe('free');
  });
});

import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PLANS, PLAN_KEYS } from '../entitlements/plans';
import { WORKSPACE_BILLING_STATUSES, deriveBillingState, type BillingFacts } from './billing-state';

const DAY = 86_400_000;
const since = new Date('2026-06-01T09:30:00Z');
const pastDue = (_day: number): BillingFacts => ({
  plan: 'business',
  status: 'past_due',
  past_due_since: since,
  open_invoice_url: 'https://invoice.stripe.com/i/acct_1/in_1',
});
const at = (days: number, extraMs = 0) => new Date(since.getTime() + days * DAY + extraMs);

describe('deriveBillingState (dunning)', () => {
  it('days 0–7 of past_due: a banner, writes allowed, grace ending at the start of day 8', () => {
    for (const day of [0, 1, 3, 7]) {
      const state = deriveBillingState(pastDue(day), at(day, DAY - 1));
      expect(state).toMatchObject({
        plan: 'business',
        dunning_day: day,
        notice: 'past_due',
        writes_blocked: false,
        grace_ends_at: '2026-06-09T09:30:00.000Z',
        invoice_url: 'https://invoice.stripe.com/i/acct_1/in_1',
      });
    }
  });

  it('day 8 and after: writes blocked, with the remedy (grace end and the invoice to pay)', () => {
    expect(deriveBillingState(pastDue(8), at(8))).toMatchObject({
      dunning_day: 8,
      notice: 'writes_blocked',
      writes_blocked: true,
    });
    expect(deriveBillingState(pastDue(10), at(10))).toMatchObject({
      dunning_day: 10,
      writes_blocked: true,
      grace_ends_at: '2026-06-09T09:30:00.000Z',
      invoice_url: 'https://invoice.stripe.com/i/acct_1/in_1',
    });
    expect(deriveBillingState(pastDue(7), at(8, -1)).writes_blocked).toBe(false);
  });

  it('unpaid (Stripe stopped retrying) blocks writes whatever the day', () => {
    const state = deriveBillingState({ ...pastDue(1), status: 'unpaid' }, at(1));
    expect(state).toMatchObject({ writes_blocked: true, notice: 'writes_blocked', dunning_day: 1 });
  });

  it('a canceled subscription leaves the workspace on Free caps, never blocked', () => {
    const state = deriveBillingState(
      { plan: 'business', status: 'canceled', past_due_since: null, open_invoice_url: null },
      at(0),
    );
    expect(state).toMatchObject({ plan: 'free', writes_blocked: false, notice: 'canceled' });
    expect(state.limits).toEqual(PLANS.free.limits);
  });

  it('active and trialing: the plan caps and features, no dunning fields', () => {
    for (const status of ['active', 'trialing'] as const) {
      const state = deriveBillingState(
        { plan: 'pro', status, past_due_since: null, open_invoice_url: 'https://ignored' },
        at(0),
      );
      expect(state).toMatchObject({
        plan: 'pro',
        writes_blocked: false,
        dunning_day: null,
        grace_ends_at: null,
        invoice_url: null,
        notice: status === 'trialing' ? 'trialing' : 'none',
      });
      expect(state.features).toEqual(PLANS.pro.features);
    }
  });

  it('property: writes are blocked exactly when unpaid or past due for 8 whole days or more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...PLAN_KEYS),
        fc.constantFrom(...WORKSPACE_BILLING_STATUSES),
        fc.integer({ min: -2 * DAY, max: 60 * DAY }),
        (plan, status, elapsed) => {
          const facts: BillingFacts = {
            plan,
            status,
            past_due_since: since,
            open_invoice_url: 'https://invoice.example/x',
          };
          const state = deriveBillingState(facts, new Date(since.getTime() + elapsed));
          const expected = status === 'unpaid' || (status === 'past_due' && elapsed >= 8 * DAY);
          expect(state.writes_blocked).toBe(expected);
          expect(state.limits).toEqual(PLANS[state.plan].limits);
          if (status !== 'past_due' && status !== 'unpaid') expect(state.grace_ends_at).toBeNull();
        },
      ),
    );
  });
});

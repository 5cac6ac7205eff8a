import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { syncServerEnvSchema } from './env';
import { startKit, type Kit } from '../testing/accounts-kit';
import { billingModeOf, defaultPlanOf } from './stripe-env';

const BASE = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x', REDIS_URL: 'redis://127.0.0.1:6379' };
const STRIPE = {
  STRIPE_SECRET_KEY: 'sk_test_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  STRIPE_PRICE_PRO_MONTH: 'price_pro',
};

describe('the plan new workspaces start on (D-511)', () => {
  it('is Business on a server without Stripe, Free with Stripe, and DEFAULT_PLAN when set', () => {
    const selfHosted = parseEnvOrThrow(syncServerEnvSchema, BASE);
    expect(defaultPlanOf(selfHosted)).toBe('business');
    expect(billingModeOf(selfHosted)).toBe('operator');
    const hosted = parseEnvOrThrow(syncServerEnvSchema, { ...BASE, ...STRIPE });
    expect(defaultPlanOf(hosted)).toBe('free');
    expect(billingModeOf(hosted)).toBe('stripe');
    expect(defaultPlanOf(parseEnvOrThrow(syncServerEnvSchema, { ...BASE, DEFAULT_PLAN: 'pro' }))).toBe('pro');
    expect(() => parseEnvOrThrow(syncServerEnvSchema, { ...BASE, DEFAULT_PLAN: 'gold' })).toThrow(
      /DEFAULT_PLAN/,
    );
  });
});

describe('sign-up and new workspaces on a server whose default plan is Business', () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await startKit({}, { DEFAULT_PLAN: 'business' });
  });
  afterAll(async () => kit.stop());

  it('a new account and its workspaces are on Business: a second workspace is allowed', async () => {
    const me = await kit.signUp('self-hoster@example.test');
    const plans = await kit.deps.pool.query<{ ws: string; account: string }>(
      'SELECT w.current_plan_key AS ws, b.plan_key AS account FROM workspaces w JOIN billing_accounts b ON b.id = w.billing_account_id WHERE w.id = $1',
      [me.workspaceId],
    );
    expect(plans.rows).toEqual([{ ws: 'business', account: 'business' }]);
    const second = await kit.call('POST', '/api/workspaces', {
      token: me.token,
      body: { name: 'Client two' },
    });
    expect(second.status).toBe(201);
    const body = await kit.json<{ data: { plan: string } }>(second);
    expect(body.data.plan).toBe('business');
  });
});

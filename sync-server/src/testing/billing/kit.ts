import { startKit, type Kit } from '../accounts-kit';
import { startStripeApiServer, type StripeApiServer } from './stripe-api-server';
import { event, signed, stripeTestEnv, type TestEvent } from './events';

/**
 * For the billing tests: the account kit with Stripe configured against the local Stripe wire-format
 * server, and a webhook sender that signs like Stripe.
 */
export type BillingKit = Kit & {
  stripeApi: StripeApiServer;
  /** POSTs `payload` (an event, or raw text) to /webhooks/stripe, signed unless `signature` is given. */
  deliver: (payload: TestEvent | string, opts?: { signature?: string | null }) => Promise<Response>;
  accountOf: (workspaceId: string) => Promise<string>;
  close: () => Promise<void>;
};

export async function startBillingKit(): Promise<BillingKit> {
  const stripeApi = await startStripeApiServer();
  const kit = await startKit({}, stripeTestEnv(stripeApi.url));
  const deliver: BillingKit['deliver'] = async (payload, opts = {}) => {
    const text = typeof payload === 'string' ? payload : JSON.stringify(payload);
    const request = signed(text);
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (opts.signature === undefined) Object.assign(headers, request.headers);
    else if (opts.signature !== null) headers['Stripe-Signature'] = opts.signature;
    return kit.app.request('/webhooks/stripe', { method: 'POST', headers, body: text });
  };
  const accountOf: BillingKit['accountOf'] = async (workspaceId) => {
    const { rows } = await kit.deps.pool.query<{ billing_account_id: string }>(
      'SELECT billing_account_id FROM workspaces WHERE id = $1',
      [workspaceId],
    );
    const id = rows[0]?.billing_account_id;
    if (id === undefined) throw new Error(`no workspace ${workspaceId}`);
    return id;
  };
  return {
    ...kit,
    stripeApi,
    deliver,
    accountOf,
    close: async () => {
      await kit.stop();
      await stripeApi.close();
    },
  };
}

export { event };

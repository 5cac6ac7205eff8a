import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingFactsOf, billingStateOf, type BillingFactsRow } from './billing-facts';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** A workspace's stored billing facts, and what they make of its writes. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const DAY = 86_400_000;

async function invoice(status: string, url: string | null, issuedDaysAgo: number): Promise<void> {
  await kit.sql(
    `INSERT INTO invoices (billing_account_id, status, hosted_invoice_url, issued_at, paid_at)
     SELECT billing_account_id, $2, $3, now() - make_interval(days => $4), CASE WHEN $2 = 'paid' THEN now() END FROM workspaces WHERE id = $1`,
    [ws, status, url, issuedDaysAgo],
  );
}

describe('billingFactsOf', () => {
  it('reads an unknown plan as Free and an unknown status as active (never a crash on stored data)', () => {
    expect(
      billingFactsOf({
        // Stored text the types do not expect: what an older release or a hand edit could leave.
        current_plan_key: 'legacy-gold' as BillingFactsRow['current_plan_key'],
        billing_status: 'weird' as BillingFactsRow['billing_status'],
        past_due_since: null,
        open_invoice_url: null,
      }),
    ).toEqual({ plan: 'free', status: 'active', past_due_since: null, open_invoice_url: null });
  });
});

describe('billingStateOf', () => {
  it('is null for a workspace that does not exist', async () => {
    expect(await billingStateOf(kit.deps.pool, randomUUID(), new Date())).toBeNull();
  });

  it('an active workspace: no invoice link even when an invoice is open', async () => {
    await invoice('open', 'https://pay.example.com/new', 1);
    expect(await billingStateOf(kit.deps.pool, ws, new Date())).toMatchObject({
      plan: 'pro',
      notice: 'none',
      writes_blocked: false,
      invoice_url: null,
    });
  });

  it('while dunning: the oldest open invoice’s page; writes stop when the grace ends', async () => {
    await invoice('open', 'https://pay.example.com/old', 5);
    await invoice('paid', 'https://pay.example.com/paid', 30);
    const since = new Date(Date.now() - 2 * DAY);
    await kit.sql("UPDATE workspaces SET billing_status = 'past_due', past_due_since = $2 WHERE id = $1", [
      ws,
      since,
    ]);
    expect(await billingStateOf(kit.deps.pool, ws, new Date())).toMatchObject({
      notice: 'past_due',
      writes_blocked: false,
      dunning_day: 2,
      invoice_url: 'https://pay.example.com/old',
    });
    const later = new Date(since.getTime() + 9 * DAY);
    expect((await billingStateOf(kit.deps.pool, ws, later))?.writes_blocked).toBe(true);
  });

  it('a workspace whose writes are blocked refuses a create in a push, writing nothing', async () => {
    await kit.sql("UPDATE workspaces SET billing_status = 'unpaid' WHERE id = $1", [ws]);
    const link = linkArgs(ws);
    expect(await kit.push('createLink', link)).toBe('billing_write_blocked');
    expect(await kit.sql('SELECT 1 FROM links WHERE id = $1', [link.id])).toHaveLength(0);
  });
});

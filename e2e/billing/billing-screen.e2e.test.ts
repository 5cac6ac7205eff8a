import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from '../pwa/harness';
import { newEmail, signInInUi, signUpOverApi, watch } from '../pwa/helpers';
import {
  startStripeApiServer,
  TEST_CHECKOUT_HOST,
  type StripeApiServer,
} from '../../sync-server/src/testing/billing/stripe-api-server';
import {
  TEST_PRICES,
  event,
  invoiceObject,
  signed,
  stripeTestEnv,
  subscriptionObject,
} from '../../sync-server/src/testing/billing/events';

/**
 * The billing screens in Chromium at 390 px and 1280 px: the Owner's upgrade up to the Stripe
 * Checkout redirect, the Plan section (usage for everyone, billing for the Owner only), the
 * past-due banner on day 3, and on day 10 the blocked edit with its remedy — for Owner and Admin.
 */
let h: PwaHarness;
let stripeApi: StripeApiServer;
const DAY = 86_400_000;

beforeAll(async () => {
  stripeApi = await startStripeApiServer();
  h = await startPwaHarness(stripeTestEnv(stripeApi.url));
}, 180_000);

afterAll(async () => {
  await h?.stop();
  await stripeApi?.close();
});

type Account = {
  ownerEmail: string;
  adminEmail: string;
  workspaceId: string;
  customer: string;
  subId: string;
  invoiceId: string;
};

async function account(label: string): Promise<Account> {
  const ownerEmail = newEmail(`owner-${label}`);
  const owner = await signUpOverApi(h.base, 'Olivia Owner', ownerEmail);
  const adminEmail = newEmail(`admin-${label}`);
  const admin = await signUpOverApi(h.base, 'Adam Admin', adminEmail);
  await h.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
    owner.workspaceId,
    admin.userId,
    'admin',
  ]);
  const customer = `cus_test_pw_${label}`;
  await h.sql(
    'UPDATE billing_accounts SET stripe_customer_id = $2 WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)',
    [owner.workspaceId, customer],
  );
  return {
    ownerEmail,
    adminEmail,
    workspaceId: owner.workspaceId,
    customer,
    subId: `sub_test_pw_${label}`,
    invoiceId: `in_test_pw_${label}`,
  };
}

async function deliver(payload: ReturnType<typeof event>): Promise<void> {
  const request = signed(JSON.stringify(payload));
  const res = await fetch(`${h.base}/webhooks/stripe`, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
  });
  expect(res.status).toBe(200);
}

/** Business, then past due since `days` ago, as Stripe would tell it. */
async function pastDue(a: Account, days: number): Promise<void> {
  const started = new Date(Date.now() - 60 * DAY);
  const since = new Date(Date.now() - days * DAY);
  const sub = (status: string) =>
    subscriptionObject({
      id: a.subId,
      customer: a.customer,
      status,
      price: TEST_PRICES.STRIPE_PRICE_BUSINESS_MONTH,
      created: started,
    });
  await deliver(event('customer.subscription.created', sub('active'), started));
  await deliver(
    event(
      'invoice.payment_failed',
      invoiceObject({
        id: a.invoiceId,
        customer: a.customer,
        subscription: a.subId,
        status: 'open',
        created: since,
      }),
      since,
    ),
  );
  await deliver(event('customer.subscription.updated', sub('past_due'), since));
}

async function open(email: string, width: number, label: string): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, email);
  return page;
}

async function goToPlan(page: Page): Promise<void> {
  const menu = page.getByRole('button', { name: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Plan' }).click();
  await page.getByRole('heading', { name: 'Plan', level: 1 }).waitFor();
}

/** No sideways scroll, and no control under 24×24 px (WCAG 2.5.8; inline links in a sentence exempt). */
async function noOverflow(page: Page): Promise<void> {
  const { scroll, inner, small } = await page.evaluate(() => {
    const tiny: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main a[href], main button, main input:not([type=hidden]), main select, main summary',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || el.closest('.sr-only')) continue;
      const parentText = el.parentElement?.textContent?.trim() ?? '';
      const inline = getComputedStyle(el).display === 'inline';
      if (el.tagName === 'A' && inline && parentText.length > (el.textContent?.trim().length ?? 0)) continue;
      if (box.width < 24 || box.height < 24)
        tiny.push(`${el.tagName} "${el.textContent?.trim() ?? ''}" ${box.width}x${box.height}`);
    }
    return { scroll: document.documentElement.scrollWidth, inner: window.innerWidth, small: tiny };
  });
  expect(scroll).toBeLessThanOrEqual(inner);
  expect(small).toEqual([]);
}

for (const width of [390, 1280]) {
  describe(`billing at ${width} px`, () => {
    it('Owner: usage, plans, and the upgrade up to the Stripe Checkout redirect', async () => {
      const a = await account(`up${width}`);
      const page = await open(a.ownerEmail, width, `owner-${width}`);
      await goToPlan(page);
      const usage = page.getByRole('list', { name: "Usage against the plan's limits" });
      await usage.getByText('Short links').waitFor();
      await usage.getByText('0 of 50').first().waitFor();
      await page.getByRole('radio', { name: 'Yearly' }).check();
      await page.route(`https://${TEST_CHECKOUT_HOST}/**`, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: '<title>Stripe Checkout (test)</title><h1>Checkout</h1>',
        }),
      );
      await noOverflow(page);
      await page.getByRole('button', { name: 'Upgrade to Pro (14-day trial)' }).click();
      await page.waitForURL(
        new RegExp(`^https://${TEST_CHECKOUT_HOST.replace(/\./g, '\\.')}/c/pay/cs_test_`),
      );
      const session = stripeApi.requests.findLast((r) => r.path === '/v1/checkout/sessions');
      expect(session?.form['line_items[0][price]']).toBe(TEST_PRICES.STRIPE_PRICE_PRO_YEAR);
      await page.context().close();
    }, 90_000);

    it('day 3: the Owner sees the payment banner with the invoice and can still create; the Admin sees the Owner named', async () => {
      const a = await account(`d3${width}`);
      await pastDue(a, 3);
      const owner = await open(a.ownerEmail, width, `owner-d3-${width}`);
      const banner = owner.getByRole('status').filter({ hasText: 'A payment failed' });
      await banner.waitFor();
      expect(
        await banner.getByRole('link', { name: 'Pay the outstanding invoice' }).getAttribute('href'),
      ).toBe(`https://invoice.stripe.test/i/${a.invoiceId}`);
      await owner.getByRole('button', { name: 'New link' }).waitFor();
      await noOverflow(owner);
      await owner.context().close();

      const admin = await open(a.adminEmail, width, `admin-d3-${width}`);
      await admin.getByRole('status').filter({ hasText: 'Olivia Owner' }).waitFor();
      await admin.context().close();
    }, 90_000);

    it('day 10: editing is blocked with its remedy — the Owner is sent to the invoice, the Admin to the Owner', async () => {
      const a = await account(`d10${width}`);
      await pastDue(a, 10);
      const owner = await open(a.ownerEmail, width, `owner-d10-${width}`);
      const banner = owner
        .getByRole('status')
        .filter({ hasText: 'Editing is paused: pay the outstanding invoice' });
      await banner.waitFor();
      await banner.getByText('Your links, QR codes and published pages keep working.').waitFor();
      expect(
        await banner.getByRole('link', { name: 'Pay the outstanding invoice' }).getAttribute('href'),
      ).toBe(`https://invoice.stripe.test/i/${a.invoiceId}`);
      // The blocked edit: no create or edit controls while writes are blocked.
      expect(await owner.getByRole('button', { name: 'New link' }).count()).toBe(0);
      await noOverflow(owner);
      // Billing stays open to the Owner: the Plan section shows the open invoice to pay.
      await goToPlan(owner);
      await owner.getByRole('list', { name: 'Invoices' }).getByRole('link', { name: 'Pay' }).waitFor();
      await noOverflow(owner);
      await owner.context().close();

      const admin = await open(a.adminEmail, width, `admin-d10-${width}`);
      const adminBanner = admin
        .getByRole('status')
        .filter({ hasText: 'Editing is paused until Olivia Owner' });
      await adminBanner.waitFor();
      expect(await adminBanner.getByRole('link', { name: 'Pay the outstanding invoice' }).count()).toBe(0);
      expect(await admin.getByRole('button', { name: 'New link' }).count()).toBe(0);
      await goToPlan(admin);
      await admin.getByText('Only the workspace owner manages billing.').waitFor();
      expect(await admin.getByRole('heading', { name: 'Billing' }).count()).toBe(0);
      await noOverflow(admin);
      await admin.context().close();
    }, 90_000);
  });
}

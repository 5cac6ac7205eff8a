import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode } from '../../sync-server/src/identity/base32';
import { totpAt } from '../../sync-server/src/identity/totp';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  mailedLink,
  newEmail,
  PASSWORD,
  seriousViolations,
  signUpInUi,
  signUpOverApi,
  watch,
} from './helpers';

/**
 * What a person sees arriving at an address, in the browser: the links in our mails (the
 * verification link once, then again; a sign-in link of an account with two-factor on, which must
 * end at the code prompt, not at a sign-in form that forgot the link; links cut short), and an
 * editor address naming something the workspace does not hold.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const authed = (token: string, body?: unknown): RequestInit => ({
  method: 'POST',
  headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

describe('arriving from a mail link', () => {
  it('a verification link says it worked, and the same link clicked again says why it cannot be used, never JSON', async () => {
    const email = newEmail('vera');
    await signUpOverApi(h.base, 'Vera', email);
    const link = await mailedLink(h.outbox, email);
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'verify-twice');

    await page.goto(link);
    await page.getByRole('status').filter({ hasText: 'Your email address is verified.' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto(`${link}&utm_source=mail`);
    await page
      .getByRole('status')
      .filter({ hasText: 'That verification link can no longer be used' })
      .waitFor();
    expect(await page.locator('body').innerText()).not.toContain('"error"');
    await page.getByRole('status').getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('status').filter({ hasText: 'verification link' }).waitFor({ state: 'detached' });
    await context.close();
  }, 60_000);

  it('a sign-in link of an account with two-factor on asks for the code, then signs in', async () => {
    const email = newEmail('tove');
    const { token } = await signUpOverApi(h.base, 'Tove', email);
    const enrol = await fetch(`${h.base}/api/2fa/enrol`, authed(token));
    const { secret } = ((await enrol.json()) as { data: { secret: string } }).data;
    const key = base32Decode(secret);
    const now = Math.floor(Date.now() / 1000);
    expect((await fetch(`${h.base}/api/2fa/confirm`, authed(token, { code: totpAt(key, now) }))).status).toBe(
      200,
    );

    expect((await fetch(`${h.base}/api/auth/magic-link`, authed(token, { email }))).status).toBe(202);
    const link = await mailedLink(h.outbox, email, '/api/auth/magic-link/consume');
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'magic-two-factor');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Two-factor code' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Code from your authenticator app').fill(totpAt(key, now + 30));
    await page.getByRole('button', { name: 'Two-factor code' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();

    // The same link again, in another browser: used, so it says so and signs nobody in.
    const other = await h.browser.newContext();
    const again = await other.newPage();
    await again.goto(link);
    await again.getByRole('status').filter({ hasText: 'That sign-in link can no longer be used' }).waitFor();
    await again.getByRole('heading', { name: 'Sign in' }).waitFor();
    await other.close();
    await context.close();
  }, 60_000);

  it('an invitation link opened without an account says what it is; creating one with the invited address joins, by name, and publishes without verifying the address again', async () => {
    const owner = await signUpOverApi(h.base, 'Oona', newEmail('oona'));
    await h.sql(
      `UPDATE billing_accounts SET plan_key = 'business' WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)`,
      [owner.workspaceId],
    );
    await h.sql(`UPDATE workspaces SET name = $2, current_plan_key = 'business' WHERE id = $1`, [
      owner.workspaceId,
      'Oona Prints',
    ]);
    const newcomer = newEmail('nell');
    const invited = await fetch(
      `${h.base}/api/workspaces/${owner.workspaceId}/invitations`,
      authed(owner.token, { email: newcomer, role: 'editor' }),
    );
    expect(invited.status).toBe(201);
    const link = await mailedLink(h.outbox, newcomer, '/invitations/accept');
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    watch(page, 'invited-newcomer');

    await page.goto(link);
    await expect(page.getByTestId('invitation-note').innerText()).resolves.toMatch(
      /invited to a LinkHub workspace.*create an account with the address the invitation was sent to/,
    );
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Your name').fill('Nell');
    await page.getByLabel('Email').fill(newcomer);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create your account' }).click();
    await page.getByRole('status').filter({ hasText: 'You joined Oona Prints as editor.' }).waitFor();
    await page.getByRole('button', { name: 'Open Oona Prints' }).click();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The mailed link proved the address: no second "verify your email" before publishing.
    await expect.poll(() => page.getByText(/Verify your email/).count(), { timeout: 10_000 }).toBe(0);
    const handle = `nell${Date.now().toString(36)}`;
    await page.goto(`${h.base}/pages`);
    await page.getByLabel('Handle').fill(handle);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    await expect.poll(() => publish.isEnabled(), { timeout: 15_000 }).toBe(true);
    await publish.click();
    await expect
      .poll(
        async () =>
          (
            await h.sql<{ live: boolean }>(
              'SELECT published_revision IS NOT NULL AS live FROM bio_pages WHERE handle = $1',
              [handle],
            )
          )[0]?.live,
        { timeout: 15_000 },
      )
      .toBe(true);
    await context.close();
  }, 90_000);

  it('a reset or invitation link cut short says so as the link it is, and the reset page without one says where it comes from', async () => {
    const email = newEmail('rhea');
    await signUpOverApi(h.base, 'Rhea', email);
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'cut-short');
    await page.goto(`${h.base}/reset-password?token=lhr_abc`);
    await page.getByRole('textbox', { name: 'New password' }).fill('a perfectly long password 1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This reset link is invalid or has expired. Request a new one.' })
      .waitFor();
    await page.goto(`${h.base}/reset-password`);
    await page
      .getByRole('alert')
      .filter({ hasText: 'This page opens from the link in a password reset email.' })
      .waitFor();
    await page.getByRole('button', { name: 'Go to sign in' }).click();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor();
    await context.close();
  }, 60_000);

  it('an address naming a link, QR code or page this workspace does not hold says so, with the way back', async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'missing-item');
    await signUpInUi(page, h.base, 'Milo', newEmail('milo'));
    const nowhere = '01a24b94-ecce-71fa-b725-110c68b5a62d';
    for (const [path, noun, back, heading] of [
      ['links', 'link', 'Back to links', 'Links'],
      ['qr', 'QR code', 'Back to QR codes', 'QR codes'],
      ['pages', 'bio page', 'Back to pages', 'Bio pages'],
    ] as const) {
      await page.goto(`${h.base}/${path}/${nowhere}`);
      const alert = page.getByRole('alert').filter({ hasText: `This ${noun} is not in this workspace` });
      await alert.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await alert.getByRole('button', { name: back }).click();
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${path}`);
      expect(await page.getByRole('alert').filter({ hasText: 'is not in this workspace' }).count()).toBe(0);
    }
    await context.close();
  }, 60_000);
});

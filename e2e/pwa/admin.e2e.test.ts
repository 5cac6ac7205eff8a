import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode } from '../../sync-server/src/identity/base32';
import { totpAt } from '../../sync-server/src/identity/totp';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  eventually,
  newEmail,
  PASSWORD,
  seriousViolations,
  signInInUi,
  signUpOverApi,
  watch,
} from './helpers';

/**
 * The accounts flows through the editor's own screens against the real server:
 * two-factor enrolment and turning it off, the sessions list with revoke, member roles, per-resource
 * grants, removal, ownership transfer (with the password asked again) and the audit log.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

async function loginOverApi(email: string, userAgent: string): Promise<string> {
  const response = await fetch(`${h.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = (await response.json()) as { data: { token: string } };
  expect(response.status).toBe(200);
  return body.data.token;
}

/** Every invitation link mailed to `email`, oldest first. */
async function invitationLinks(email: string): Promise<string[]> {
  const found: Array<{ at: number; url: string }> = [];
  for (const file of await readdir(h.outbox).catch(() => [])) {
    const path = join(h.outbox, file);
    const text = await readFile(path, 'utf8');
    const url = text.includes(`To: ${email}`)
      ? /(https?:\/\/\S+\/invitations\/accept\?token=\S+)/.exec(text)?.[1]
      : undefined;
    if (url) found.push({ at: (await stat(path)).mtimeMs, url });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.url);
}

const meStatus = async (token: string) =>
  (await fetch(`${h.base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('account security in Settings', () => {
  it('lists the sessions and signs one out; turns two-factor on with the shown key and recovery codes, then off', async () => {
    const email = newEmail('sami');
    const { userId } = await signUpOverApi(h.base, 'Sami', email);
    const laptop = await loginOverApi(email, FIREFOX);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'security');
    await signInInUi(page, h.base, email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();

    // Sessions: this browser, the API sign-up's session and the Firefox one; sign the Firefox one out.
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await sessions.getByText('this device').waitFor();
    await sessions.getByText('Firefox on Linux').waitFor();
    expect(await meStatus(laptop)).toBe(200);
    await sessions.getByRole('button', { name: /^Sign out Firefox on Linux/ }).click();
    await page.getByText('Signed out Firefox on Linux.').waitFor();
    await sessions.getByText('Firefox on Linux').waitFor({ state: 'detached' });
    expect(await meStatus(laptop)).toBe(401);

    // The workspace policy cannot require two-factor while the owner's own session has none.
    const policy = page.getByRole('form', { name: 'Two-factor for every member' });
    await policy.getByLabel('Your password').fill(PASSWORD);
    await policy.getByRole('button', { name: 'Require two-factor' }).click();
    await policy
      .getByRole('alert')
      .filter({ hasText: 'Turn on two-factor authentication for your own account first.' })
      .waitFor();

    // Two-factor: the key the page shows is the one an authenticator app would be given.
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = base32Decode((await page.getByLabel('Secret key').textContent()) ?? '');
    const now = Math.floor(Date.now() / 1000);
    await page.getByLabel('6-digit code').fill(totpAt(secret, now));
    await page.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await page.getByText('10 recovery codes left').waitFor();
    const [on] = await h.sql<{ totp_enabled: boolean }>('SELECT totp_enabled FROM users WHERE id = $1', [
      userId,
    ]);
    expect(on?.totp_enabled).toBe(true);
    // Signing in elsewhere now asks for the second factor.
    const login = await fetch(`${h.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(
      ((await login.json()) as { data: { two_factor_required?: boolean } }).data.two_factor_required,
    ).toBe(true);

    // With two-factor on, the owner can require it of every member (and stop again).
    const [ws] = await h.sql<{ id: string }>(
      'SELECT workspace_id AS id FROM workspace_members WHERE user_id = $1',
      [userId],
    );
    await policy.getByLabel('Your password').fill(PASSWORD);
    await policy.getByRole('button', { name: 'Require two-factor' }).click();
    await page
      .getByText('Every member now needs two-factor authentication to work in this workspace.')
      .waitFor();
    expect(
      (
        await h.sql<{ require_two_factor: boolean }>(
          'SELECT require_two_factor FROM workspaces WHERE id = $1',
          [ws?.id],
        )
      )[0]?.require_two_factor,
    ).toBe(true);
    await policy.getByLabel('Your password').fill(PASSWORD);
    await policy.getByRole('button', { name: 'Stop requiring two-factor' }).click();
    await page.getByText('Members no longer need two-factor authentication here.').waitFor();
    expect(
      (
        await h.sql<{ require_two_factor: boolean }>(
          'SELECT require_two_factor FROM workspaces WHERE id = $1',
          [ws?.id],
        )
      )[0]?.require_two_factor,
    ).toBe(false);

    // A wrong code is refused with the server's sentence; the next step's code turns it off.
    await page.getByLabel('Code from your app').fill('000000');
    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    await page.getByRole('alert').filter({ hasText: 'The code is incorrect.' }).waitFor();
    await page.getByLabel('Code from your app').fill(totpAt(secret, now + 30));
    await page.getByRole('button', { name: 'Turn off two-factor' }).click();
    await page.getByText('Off. Sign-in asks only for your password.').waitFor();
    const [off] = await h.sql<{ totp_enabled: boolean }>('SELECT totp_enabled FROM users WHERE id = $1', [
      userId,
    ]);
    expect(off?.totp_enabled).toBe(false);
    await context.close();
  }, 90_000);
});

describe('members, grants, ownership and the audit log', () => {
  it('changes a role, grants one link to a member who then sees only it, removes a member, transfers ownership, and shows it all in the audit log', async () => {
    const ownerEmail = newEmail('olu');
    const owner = await signUpOverApi(h.base, 'Olu', ownerEmail);
    const ws = owner.workspaceId;
    await h.sql(`UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1`, [ws]);
    await h.sql(
      `UPDATE billing_accounts SET plan_key = 'business' WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)`,
      [ws],
    );
    const editorEmail = newEmail('eve');
    const editor = await signUpOverApi(h.base, 'Eve', editorEmail);
    const leaverEmail = newEmail('lee');
    const leaver = await signUpOverApi(h.base, 'Lee', leaverEmail);
    await h.sql(
      `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor'), ($1, $3, 'viewer')`,
      [ws, editor.userId, leaver.userId],
    );
    const memberId = async (userId: string) =>
      (
        await h.sql<{ id: string }>(
          'SELECT id FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL',
          [ws, userId],
        )
      )[0]?.id ?? '';

    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'owner');
    await signInInUi(page, h.base, ownerEmail);
    for (const [title, url] of [
      ['Granted one', 'https://shop.example/granted'],
      ['Not granted', 'https://shop.example/other'],
    ] as const) {
      await page.getByRole('button', { name: 'New link' }).click();
      await page.getByLabel('Destination URL').fill(url);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor();
    }
    await eventually(
      () => h.sql('SELECT 1 FROM links WHERE workspace_id = $1', [ws]),
      (rows) => rows.length === 2,
    );
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();

    // Role change: Lee from viewer to editor.
    await page.getByLabel(`Role of ${leaverEmail}`).selectOption('editor');
    await page.getByText(`${leaverEmail} is now editor.`).waitFor();
    expect(
      (
        await h.sql<{ role: string }>('SELECT role FROM workspace_members WHERE id = $1', [
          await memberId(leaver.userId),
        ])
      )[0]?.role,
    ).toBe('editor');

    // Grant Eve one link: she becomes scoped and her editor sees only that link.
    await page.getByRole('button', { name: `Access of ${editorEmail}` }).click();
    const access = page.getByRole('region', { name: 'Access of Eve' });
    await access.getByLabel('Grant access to').selectOption({ label: 'Link Granted one' });
    await access.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Link Granted one granted to Eve.').waitFor();
    await access
      .getByRole('list', { name: 'Granted to Eve' })
      .getByText('Link Granted one', { exact: true })
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const [scoped] = await h.sql<{ is_scoped: boolean }>(
      'SELECT is_scoped FROM workspace_members WHERE id = $1',
      [await memberId(editor.userId)],
    );
    expect(scoped?.is_scoped).toBe(true);
    const eveContext = await h.browser.newContext();
    const eve = await eveContext.newPage();
    watch(eve, 'eve');
    await signInInUi(eve, h.base, editorEmail);
    await eve.getByLabel('Workspace').selectOption({ label: "Olu's workspace (editor)" });
    await eve.getByRole('button', { name: 'Edit Granted one' }).waitFor();
    expect(await eve.getByRole('button', { name: 'Edit Not granted' }).count()).toBe(0);
    await eveContext.close();

    // Remove Lee.
    await page.getByRole('button', { name: `Remove ${leaverEmail}` }).click();
    await page.getByText(`${leaverEmail} was removed.`).waitFor();
    expect(await memberId(leaver.userId)).toBe('');

    // Transfer ownership to Eve: a wrong password is refused, the right one hands it over.
    await page.getByLabel('New owner').selectOption({ label: 'Eve (editor)' });
    await page.getByLabel('Your password').fill('not my password');
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    await page.getByRole('form', { name: 'Transfer ownership' }).getByRole('alert').waitFor();
    expect(
      (await h.sql<{ owner_user_id: string }>('SELECT owner_user_id FROM workspaces WHERE id = $1', [ws]))[0]
        ?.owner_user_id,
    ).toBe(owner.userId);
    // The audit log before the handover (an admin still reads it afterwards).
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const audit = page.getByRole('table').filter({ has: page.getByText('Audit log, newest first') });
    for (const action of ['member.role_changed', 'grant.created', 'member.removed'])
      await audit.getByText(action, { exact: true }).first().waitFor();
    // In words, naming what it is about.
    await audit.getByText('Link “Not granted” created', { exact: false }).waitFor();

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('New owner').selectOption({ label: 'Eve (editor)' });
    await page.getByLabel('Your password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Transfer ownership' }).click();
    await page.getByText("Eve now owns Olu's workspace; you are an admin.").waitFor();
    const roles = await h.sql<{ user_id: string; role: string; is_scoped: boolean }>(
      'SELECT user_id, role, is_scoped FROM workspace_members WHERE workspace_id = $1 AND deleted_at IS NULL',
      [ws],
    );
    expect(roles.find((r) => r.user_id === editor.userId)).toMatchObject({ role: 'owner', is_scoped: false });
    expect(roles.find((r) => r.user_id === owner.userId)?.role).toBe('admin');
    await eventually(
      () =>
        h.sql('SELECT 1 FROM audit_log_entries WHERE workspace_id = $1 AND action = $2', [
          ws,
          'workspace.ownership_transferred',
        ]),
      (rows) => rows.length === 1,
    );
    await context.close();
  }, 150_000);
});

describe('custom domains', () => {
  it('adds a domain and shows the TXT record to create, then the state the DNS check leaves it in', async () => {
    const email = newEmail('dara');
    const { workspaceId } = await signUpOverApi(h.base, 'Dara', email);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'domains');
    await signInInUi(page, h.base, email);
    // The Free plan includes no custom domain: no form that could only be refused.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Domains' }).click();
    await page.getByText('Custom domains come with a paid plan.').waitFor();
    expect(await page.getByLabel('Domain name').count()).toBe(0);
    await h.sql(`UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1`, [workspaceId]);
    await page.reload();
    // LinkHub's own hosts are refused beside the field; a pasted address gives its host.
    const ours = `x.${h.deps.config.LINK_HOST}`;
    await page.getByLabel('Domain name').fill(ours);
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText(`${ours} belongs to LinkHub: connect a domain of your own.`).waitFor();
    await page.getByLabel('Domain name').fill('https://Go.Dara-Shop.com/shop');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const [row] = await eventually(
      () =>
        h.sql<{ id: string; verification_record_name: string; verification_token: string }>(
          'SELECT id, verification_record_name, verification_token FROM custom_domains WHERE hostname = $1',
          ['go.dara-shop.com'],
        ),
      (rows) => rows.length === 1,
    );
    // The record the server chose reaches the editor with the next pull.
    const setup = page.getByRole('group', { name: 'How to verify go.dara-shop.com' });
    await setup.getByText(row?.verification_token ?? '-', { exact: true }).waitFor();
    expect(await setup.getByText(row?.verification_record_name ?? '-', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Waiting for DNS').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    // An internationalised name is shown as typed, with the ASCII form DNS providers ask for beside it.
    await page.getByLabel('Domain name').fill('Bücher.Dara-Shop.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    // Listed in Unicode (the status sentence under it names it too).
    await page.getByRole('listitem').getByText('bücher.dara-shop.com', { exact: true }).first().waitFor();
    await page.getByText('(xn--bcher-kva.dara-shop.com)', { exact: true }).waitFor();
    // Remove asks first and says what stops working; Cancel keeps it, the second Remove removes it.
    await page.getByRole('button', { name: 'Remove bücher.dara-shop.com' }).click();
    await page.getByText('Remove bücher.dara-shop.com? Nothing uses it yet.').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Remove bücher.dara-shop.com' }).click();
    await page.getByRole('button', { name: 'Remove domain' }).click();
    await eventually(
      () =>
        h.sql<{ status: string }>('SELECT status FROM custom_domains WHERE hostname = $1', [
          'xn--bcher-kva.dara-shop.com',
        ]),
      (rows) => rows[0]?.status === 'removed',
    );
    await page.getByText('bücher.dara-shop.com', { exact: true }).first().waitFor({ state: 'detached' });
    // One that could pass for another (Cyrillic "аррӏе.com") is shown in ASCII, as browsers show it.
    await page.getByLabel('Domain name').fill('xn--80ak6aa92e.com');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByRole('button', { name: 'Remove xn--80ak6aa92e.com' }).waitFor();
    expect(await page.getByText('аррӏе.com').count()).toBe(0);

    // The DNS check's outcomes as the worker records them (no DNS here): failed with a reason, then verified.
    await h.sql(
      `UPDATE custom_domains SET status = 'failed', last_error = 'no TXT record found', last_checked_at = now() WHERE id = $1`,
      [row?.id],
    );
    await page.reload();
    await page
      .getByText('Checks stopped after three days without the record (no TXT record found).', {
        exact: false,
      })
      .waitFor();
    await page.getByLabel('Last DNS check').getByText('no TXT record found', { exact: false }).waitFor();
    await h.sql(
      `UPDATE custom_domains SET status = 'verified', verified_at = now(), tls_status = 'issued', last_error = NULL WHERE id = $1`,
      [row?.id],
    );
    await page.reload();
    await page.getByText('Verified. Links on go.dara-shop.com are served by LinkHub.').waitFor();
    await page
      .getByRole('group', { name: 'Certificate for go.dara-shop.com' })
      .getByText('HTTPS certificate issued')
      .waitFor();
    expect(await page.getByRole('group', { name: 'How to verify go.dara-shop.com' }).count()).toBe(0);
    await context.close();
  }, 90_000);
});

describe('leaving a workspace and changing the password', () => {
  it('a member leaves the workspace from Members; a password change signs the other sessions out', async () => {
    const owner = await signUpOverApi(h.base, 'Ona', newEmail('ona'));
    const email = newEmail('mo');
    const member = await signUpOverApi(h.base, 'Mo', email);
    await h.sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      owner.workspaceId,
      member.userId,
    ]);
    const other = await loginOverApi(email, FIREFOX);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'member');
    await signInInUi(page, h.base, email);
    await page.getByLabel('Workspace').selectOption({ label: "Ona's workspace (viewer)" });
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
    // A viewer sees who is there but none of the managing controls.
    await page.getByText(email).first().waitFor();
    for (const name of ['Send invitation', 'Transfer ownership'])
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Access of / }).count()).toBe(0);
    await page.getByRole('button', { name: 'Leave this workspace' }).click();
    await page.getByText("You left Ona's workspace.").waitFor();
    const [left] = await h.sql<{ deleted_at: Date | null }>(
      'SELECT deleted_at FROM workspace_members WHERE workspace_id = $1 AND user_id = $2',
      [owner.workspaceId, member.userId],
    );
    expect(left?.deleted_at).not.toBeNull();
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await eventually(
      () => page.getByLabel('Workspace').locator('option').allTextContents(),
      (labels) => !labels.some((l) => l.startsWith("Ona's workspace")),
    );

    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByLabel('Current password').fill('a wrong password');
    await page.getByLabel('New password').fill('a fresh passphrase 99');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('form', { name: 'Password' }).getByRole('alert').waitFor();
    expect(await meStatus(other)).toBe(200);
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByLabel('New password').fill('a fresh passphrase 99');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/^Password changed\. \d+ other sessions? (was|were) signed out\.$/).waitFor();
    expect(await meStatus(other)).toBe(401);
    const relogin = await fetch(`${h.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'a fresh passphrase 99' }),
    });
    expect(relogin.status).toBe(200);
    await context.close();
  }, 90_000);
});

describe('invitations', () => {
  it('on a phone: a plan whose seats are all taken says so where the invite form would be, and the audit log reads as cards', async () => {
    const ownerEmail = newEmail('fran');
    await signUpOverApi(h.base, 'Fran', ownerEmail);
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'seats-full');
    await signInInUi(page, h.base, ownerEmail);
    await page.goto(`${h.base}/members`);
    await page
      .getByText(
        'The Free plan includes 1 member, already in use. To invite someone, revoke a pending invitation or change the plan under Plan.',
      )
      .waitFor();
    expect(await page.getByRole('form', { name: 'Invite a member' }).count()).toBe(0);

    // On the phone the audit log reads as cards: when and who on one line, the sentence below, nothing wider than the screen.
    await page.goto(`${h.base}/settings`);
    const entry = page
      .getByRole('table')
      .filter({ has: page.getByText('Audit log, newest first') })
      .locator('tbody')
      .getByRole('row')
      .first();
    await entry.waitFor();
    const [when, who] = await Promise.all([
      entry.getByRole('cell').nth(0).boundingBox(),
      entry.getByRole('cell').nth(1).boundingBox(),
    ]);
    expect(when && who && Math.abs(when.y - who.y)).toBeLessThan(4);
    expect(when?.height).toBeLessThan(30);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 60_000);

  it('invites by e-mail, resends, and the invitee joins through the mailed link', async () => {
    const ownerEmail = newEmail('ines');
    const owner = await signUpOverApi(h.base, 'Ines', ownerEmail);
    // Free has one seat (the owner): inviting needs a paid plan.
    await h.sql(`UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1`, [owner.workspaceId]);
    const inviteeEmail = newEmail('ivo');
    const invitee = await signUpOverApi(h.base, 'Ivo', inviteeEmail);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'inviter');
    await signInInUi(page, h.base, ownerEmail);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
    // Refused invitations keep the address typed and say why beside it: a member already, an
    // address no mail can reach (more than 64 characters before the @).
    const invite = page.getByRole('form', { name: 'Invite a member' });
    const emailField = page.getByLabel('Email to invite');
    for (const [address, reason] of [
      [ownerEmail, /already a member/],
      [`${'a'.repeat(65)}@example.com`, /at most 64 characters/],
    ] as const) {
      await emailField.fill(address);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      // The previous address's refusal stays until this one's answer replaces it.
      await invite.locator('.error').filter({ hasText: reason }).waitFor();
      expect(await invite.locator('.error').allInnerTexts()).toEqual([expect.stringMatching(reason)]);
      expect(await emailField.inputValue()).toBe(address);
    }
    await emailField.fill(inviteeEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${inviteeEmail}.`).waitFor();
    expect(await emailField.inputValue()).toBe('');
    expect(await invite.locator('.error').count()).toBe(0);
    await page.getByText(`${inviteeEmail} · editor`).waitFor();
    await eventually(
      () => invitationLinks(inviteeEmail),
      (links) => links.length === 1,
    );
    await page.getByRole('button', { name: `Resend the invitation to ${inviteeEmail}` }).click();
    await page.getByText(`Invitation sent again to ${inviteeEmail}.`).waitFor();
    const links = await eventually(
      () => invitationLinks(inviteeEmail),
      (found) => found.length === 2,
    );

    const other = await h.browser.newContext();
    const second = await other.newPage();
    watch(second, 'invitee');
    await signInInUi(second, h.base, inviteeEmail);
    await second.goto(links[1] ?? '');
    await second.getByText("You joined Ines's workspace as editor.").waitFor();
    const [joined] = await h.sql<{ role: string }>(
      'SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL',
      [owner.workspaceId, invitee.userId],
    );
    expect(joined?.role).toBe('editor');
    await second.getByRole('button', { name: "Open Ines's workspace" }).click();
    await eventually(
      () => second.getByLabel('Workspace').locator('option').allTextContents(),
      (labels) => labels.includes("Ines's workspace (editor)"),
      20_000,
    );
    await other.close();

    await page.reload();
    await page.getByText(inviteeEmail).first().waitFor();
    expect(await page.getByText(`${inviteeEmail} · editor`).count()).toBe(0);
    await context.close();
  }, 90_000);
});

describe('workspaces', () => {
  it('creates a workspace within the plan cap, deletes it with its name and the password, and restores it', async () => {
    const email = newEmail('wren');
    const { workspaceId } = await signUpOverApi(h.base, 'Wren', email);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'workspaces');
    await signInInUi(page, h.base, email);
    const settings = () =>
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await settings();
    // A name of blanks is refused beside the field, before anything is sent.
    await page.getByLabel('New workspace name').fill('   ');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByText('Name is required.').waitFor();
    // Free: one workspace per billing account, so a second is refused with the plan's sentence, under the form.
    await page.getByLabel('New workspace name').fill('Side project');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page
      .getByRole('form', { name: 'New workspace' })
      .locator('xpath=following-sibling::p[1]')
      .filter({ hasText: /Free plan includes 1 workspace/ })
      .waitFor();
    expect(await h.sql(`SELECT 1 FROM workspaces WHERE name = 'Side project'`)).toHaveLength(0);
    await h.sql(
      `UPDATE billing_accounts SET plan_key = 'business' WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)`,
      [workspaceId],
    );
    await page.getByLabel('New workspace name').fill('Side project');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page.getByText('Side project was created').waitFor();
    const [side] = await h.sql<{ id: string }>(`SELECT id FROM workspaces WHERE name = 'Side project'`);
    // The editor opens it as soon as it has synced (the server pokes), without a reload or the switcher.
    await eventually(
      () => page.getByRole('combobox', { name: 'Workspace', exact: true }).inputValue(),
      (value) => value === side?.id,
    );

    await page.goto(`${h.base}/links`);
    expect(
      await page
        .getByRole('combobox', { name: 'Workspace', exact: true })
        .locator('option:checked')
        .textContent(),
    ).toBe('Side project (owner)');
    await settings();
    const remove = page.getByRole('form', { name: 'Delete this workspace' });
    expect(await remove.getByRole('button', { name: 'Delete workspace' }).isDisabled()).toBe(true);
    await remove.getByLabel('Type Side project to confirm').fill('Side project');
    await remove.getByLabel('Your password').fill('not the password');
    await remove.getByRole('button', { name: 'Delete workspace' }).click();
    await page.getByRole('region', { name: 'Workspaces' }).getByRole('alert').waitFor();
    expect(
      (
        await h.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM workspaces WHERE id = $1', [
          side?.id,
        ])
      )[0]?.deleted_at,
    ).toBeNull();
    await remove.getByLabel('Type Side project to confirm').fill('Side project');
    await remove.getByLabel('Your password').fill(PASSWORD);
    await remove.getByRole('button', { name: 'Delete workspace' }).click();
    await page.getByText('Side project was deleted.').waitFor();
    expect(
      (
        await h.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM workspaces WHERE id = $1', [
          side?.id,
        ])
      )[0]?.deleted_at,
    ).not.toBeNull();

    // Back in the first workspace, the deleted one is listed with a restore button.
    await page.goto(`${h.base}/links`);
    await eventually(
      () => page.getByLabel('Workspace').locator('option').allTextContents(),
      (labels) => !labels.includes('Side project (owner)'),
    );
    await settings();
    await page
      .getByRole('list', { name: 'Deleted workspaces' })
      .getByRole('button', { name: 'Restore Side project' })
      .click();
    await page.getByText('Side project was restored.').waitFor();
    expect(
      (
        await h.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM workspaces WHERE id = $1', [
          side?.id,
        ])
      )[0]?.deleted_at,
    ).toBeNull();
    await context.close();
  }, 90_000);
});

describe('deleting the account', () => {
  it('is refused while the user is a sole owner, and once not, ends the account and returns to sign-in', async () => {
    const email = newEmail('del');
    const { userId, workspaceId } = await signUpOverApi(h.base, 'Del', email);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'delete-account');
    await signInInUi(page, h.base, email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Delete your account' });
    await form.getByLabel('Type your e-mail address to confirm').fill(email);
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await form.getByRole('alert').filter({ hasText: 'You are the only owner of a workspace.' }).waitFor();
    expect(
      (await h.sql<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]?.email,
    ).toBe(email);

    // Once the workspace is deleted (as the Workspaces section does), the account can go.
    await h.sql(
      `UPDATE workspaces SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1`,
      [workspaceId],
    );
    await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(
      (await h.sql<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]))[0]?.email,
    ).not.toBe(email);
    const login = await fetch(`${h.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(login.status).toBe(401);
    await context.close();
  }, 90_000);
});

describe('no workspace left', () => {
  it('deleting the only workspace leads to a screen that restores it (or creates one), not an endless loading line', async () => {
    const email = newEmail('solo');
    const { workspaceId } = await signUpOverApi(h.base, 'Solo', email);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'solo');
    await signInInUi(page, h.base, email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    const remove = page.getByRole('form', { name: 'Delete this workspace' });
    await remove.getByLabel("Type Solo's workspace to confirm").fill("Solo's workspace");
    await remove.getByLabel('Your password').fill(PASSWORD);
    await remove.getByRole('button', { name: 'Delete workspace' }).click();
    // The server pokes this editor: it pulls, and without a reload the screen says there is no workspace.
    await page.getByRole('heading', { name: 'No workspace', level: 1 }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: "Restore Solo's workspace" }).click();
    // It opens again where the editor was.
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor({ timeout: 20_000 });
    expect(
      (
        await h.sql<{ deleted_at: Date | null }>('SELECT deleted_at FROM workspaces WHERE id = $1', [
          workspaceId,
        ])
      )[0]?.deleted_at,
    ).toBeNull();
    await context.close();
  }, 90_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * Two workspaces of one person: switching while an editor is open closes it and leaves the refused
 * change of the old workspace behind (it shows again there, with a link to what it is about); a
 * workspace with nothing in it offers the first step, and a viewer reads it without the button.
 */
let h: PwaHarness;
const email = newEmail('noor');
let first = '';
let second = '';

beforeAll(async () => {
  h = await startPwaHarness();
  const account = await signUpOverApi(h.base, 'Noor', email);
  first = account.workspaceId;
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
  // A second workspace needs a plan that allows more than one.
  await h.sql(
    `UPDATE billing_accounts SET plan_key = 'business' WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)`,
    [first],
  );
  const created = await fetch(`${h.base}/api/workspaces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Second shop' }),
  });
  expect(created.status).toBe(201);
  second = ((await created.json()) as { data: { id: string } }).data.id;
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function signedIn(label: string, who = email, workspace = first): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, who);
  await page.evaluate((ws) => localStorage.setItem('linkhub.workspace', ws), workspace);
  await page.goto(`${h.base}/links`);
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  return page;
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();
const switchTo = (page: Page, id: string) =>
  page.getByRole('combobox', { name: 'Workspace', exact: true }).selectOption(id);

describe('switching workspace', () => {
  it('closes the open editor, keeps the old workspace’s refused change there, and that notice opens its link', async () => {
    const page = await signedIn('switch');
    const slug = `noor${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByLabel('Destination URL').fill('https://first.example/');
    await page.getByLabel('Slug').fill(slug);
    await page.getByRole('button', { name: 'Create link' }).click();
    const save = page.getByRole('button', { name: 'Save changes' });
    await save.waitFor();
    const [link] = await eventually(
      () => h.sql<{ id: string }>('SELECT id FROM links WHERE slug = $1', [slug]),
      (rows) => rows.length === 1,
    );
    const id = link?.id ?? '';
    // An edit saved offline, refused once it reaches the server (the link was archived meanwhile).
    await page.context().setOffline(true);
    await page.getByLabel('Title', { exact: true }).fill('Typed offline');
    await save.click();
    await page.locator('[role=status][data-pending="1"]').waitFor();
    await h.sql('UPDATE links SET archived_at = now() WHERE id = $1', [id]);
    await page.context().setOffline(false);
    const notices = page.getByRole('region', { name: 'Refused changes' });
    await notices.waitFor();
    expect(await h.sql('SELECT 1 FROM sync_notices WHERE workspace_id = $1', [first])).toHaveLength(1);

    // The editor of the first workspace's link is open: switching closes it.
    await switchTo(page, second);
    await expect.poll(() => save.count(), { timeout: 5_000 }).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/links');
    expect(await page.getByLabel('Destination URL').count()).toBe(0);
    // The refused change belongs to the first workspace: it does not follow the person here.
    expect(await notices.count()).toBe(0);
    // Nor do other screens of this workspace show it.
    await section(page, 'QR codes');
    await page.getByRole('heading', { name: 'QR codes', level: 1 }).waitFor();
    expect(await notices.count()).toBe(0);

    // Back in the first workspace the notice is there again, with a link that opens its editor.
    await switchTo(page, first);
    expect(new URL(page.url()).pathname).toBe('/qr');
    await notices.waitFor();
    const open = notices.getByRole('link', { name: /^Open link/ });
    await open.click();
    expect(new URL(page.url()).pathname).toBe(`/links/${id}`);
    await expect
      .poll(() => page.getByLabel('Destination URL').inputValue(), { timeout: 15_000 })
      .toBe('https://first.example/');
    await page.context().close();
  }, 120_000);
});

describe('an empty workspace', () => {
  it('offers the first short link, QR code and bio page, each button opening its form', async () => {
    const page = await signedIn('first-steps', email, second);
    const links = page.getByRole('region', { name: 'First short link' });
    await links.getByText(/A short link sends people/).waitFor();
    await links.getByRole('button', { name: 'Create your first short link' }).click();
    await page.getByLabel('Destination URL').waitFor();
    expect(new URL(page.url()).pathname).toBe('/links/new');
    expect(await links.count()).toBe(0);

    await section(page, 'QR codes');
    await page.getByRole('button', { name: 'Create your first QR code' }).click();
    expect(new URL(page.url()).pathname).toBe('/qr/new');
    expect(await page.getByRole('region', { name: 'First QR code' }).count()).toBe(0);

    await section(page, 'Bio pages');
    await page.getByRole('button', { name: 'Create your first bio page' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('form', { name: 'New bio page' })
          .getByLabel('Handle')
          .evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await page.context().close();
  }, 120_000);

  it('shows a viewer what each thing is, without a button they could not use', async () => {
    const viewerEmail = newEmail('vi');
    const viewer = await signUpOverApi(h.base, 'Vi', viewerEmail);
    await h.sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'viewer')`, [
      second,
      viewer.userId,
    ]);
    const page = await signedIn('viewer', viewerEmail, second);
    // Not verified yet: the banner's "check your inbox" says where a development server put the mail.
    await page
      .getByRole('note')
      .getByText(`Development server: mails are written to ${h.outbox}/ instead of being sent.`)
      .waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Workspace', exact: true }).inputValue())
      .toBe(second);
    const links = page.getByRole('region', { name: 'First short link' });
    await links.getByText(/A short link sends people/).waitFor();
    await links.getByText('An owner or editor of this workspace can add the first one.').waitFor();
    expect(await links.getByRole('button').count()).toBe(0);
    await section(page, 'Bio pages');
    const pages = page.getByRole('region', { name: 'First bio page' });
    await pages.getByText(/A bio page gathers/).waitFor();
    expect(await pages.getByRole('button').count()).toBe(0);
    await page.context().close();
  }, 120_000);
});

describe('a development server without SMTP', () => {
  it('says under "a reset link is on its way" where the mail was written', async () => {
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'outbox');
    await page.goto(`${h.base}/`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset your password' }).click();
    await page.getByText('If that address has an account, a reset link is on its way.').waitFor();
    await page
      .getByText(`Development server: mails are written to ${h.outbox}/ instead of being sent.`)
      .waitFor();
    await context.close();
  }, 60_000);
});

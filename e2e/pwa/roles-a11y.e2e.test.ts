import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  eventually,
  newEmail,
  seriousViolations,
  signInInUi,
  signUpInUi,
  signUpOverApi,
  waitForSynced,
  watch,
} from './helpers';

/**
 * What each role sees (a viewer has no edit controls; a refused change shows its notice) and axe on
 * every screen: signed-out forms, the seven sections at phone and desktop widths, and the editors
 * and panels inside them (link, bio page, QR designer and editor, QR list, analytics of one link,
 * member access, ownership transfer, API key secret, two-factor enrolment, sessions, audit log).
 */
let h: PwaHarness;
const SCREENS = ['links', 'qr', 'pages', 'analytics', 'domains', 'members', 'settings'] as const;
const ownerEmail = newEmail('owner');
let workspaceId = '';

beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('roles and accessibility', () => {
  it('an owner creates a link; axe finds no serious violation on any screen, on a phone and a desktop', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    watch(page, 'owner');
    const found: string[] = [];
    // Signed out: sign-in, sign-up and the password reset request, on a phone and a desktop.
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${h.base}/`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `${width}px sign-in: ${v}`));
      await page.getByRole('button', { name: 'Create an account' }).click();
      await page.getByRole('button', { name: 'Create your account' }).waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `${width}px sign-up: ${v}`));
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('button', { name: 'Reset your password' }).waitFor();
      found.push(...(await seriousViolations(page)).map((v) => `${width}px reset request: ${v}`));
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpInUi(page, h.base, 'Olga', ownerEmail);
    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByLabel('Destination URL').fill('https://shop.example/menu');
    await page.getByLabel('Title', { exact: true }).fill('Menu');
    await page.getByRole('button', { name: 'Create link' }).click();
    await eventually(
      () => h.sql('SELECT 1 FROM links WHERE title = $1', ['Menu']),
      (rows) => rows.length === 1,
    );
    const [ws] = await h.sql<{ id: string }>(
      'SELECT w.id FROM workspaces w JOIN workspace_members m ON m.workspace_id = w.id JOIN users u ON u.id = m.user_id WHERE u.email = $1',
      [ownerEmail],
    );
    workspaceId = ws?.id ?? '';
    // A second member, so the members screen has rows with role, access and remove controls.
    const colleague = await signUpOverApi(h.base, 'Cleo', newEmail('cleo'));
    await h.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
      workspaceId,
      colleague.userId,
      'editor',
    ]);
    await page.reload();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();

    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      for (const screen of SCREENS) {
        await openSection(page, screenLabel(screen));
        await page.locator('.loading').waitFor({ state: 'detached' });
        found.push(...(await seriousViolations(page)).map((v) => `${width}px /${screen}: ${v}`));
      }
    }
    // The editors too: a link, a bio page with a block and its preview, a new QR code.
    const nav = (name: string) => openSection(page, name);
    await nav('Links');
    await page.getByRole('button', { name: 'Edit Menu' }).click();
    await page.getByRole('heading', { name: 'Link Menu' }).waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `link editor: ${v}`));
    await nav('Bio pages');
    await page.getByLabel('Handle').fill(`olga${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByLabel('Add a block').selectOption('link');
    await page.getByLabel('Button text').fill('Shop');
    await page.getByLabel('URL', { exact: true }).fill('https://shop.example/');
    await page.getByRole('button', { name: 'Add link button' }).click();
    await page.locator('.blocks-list > li').first().waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `page editor: ${v}`));
    await nav('QR codes');
    await page.getByRole('button', { name: 'New QR code' }).click();
    found.push(...(await seriousViolations(page)).map((v) => `QR designer: ${v}`));
    // An existing code in the editor (export controls) and the QR list with it.
    await page.getByLabel('Destination URL').fill('https://shop.example/table');
    await page.getByLabel('Title', { exact: true }).fill('Table tent');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByRole('heading', { name: 'QR code Table tent' }).waitFor();
    await page.getByText('Encodes').waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `QR editor: ${v}`));
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('link', { name: 'Table tent' }).waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `QR list: ${v}`));
    // Analytics for one resource.
    await nav('Analytics');
    await page.getByRole('button', { name: 'Whole workspace' }).click();
    await page.getByLabel('Find a link, QR code or page').fill('Menu');
    await page.locator('.an-picker-list').getByRole('button', { name: 'Menu' }).first().click();
    await page.getByRole('list', { name: 'Headline numbers' }).waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `analytics of a link: ${v}`));
    // Members with a member's access panel open, and the ownership transfer form.
    await nav('Members');
    await page.getByRole('button', { name: /^Access of cleo-/ }).click();
    // Free plan: the capability says the plan lacks grants, so the panel offers the upgrade, not the form.
    await page.getByText('Per-resource access comes with the Business plan.').waitFor();
    expect(await page.getByLabel('Grant access to').count()).toBe(0);
    await page.getByLabel('New owner').waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `members, access panel: ${v}`));
    // Settings: a new API key's one-time secret, two-factor enrolment (QR and key), sessions, audit log.
    await nav('Settings');
    await page.getByLabel('Key name').fill('CI');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByText('Copy this key now').waitFor();
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await page.getByRole('list', { name: 'Active sessions' }).getByText('this device').waitFor();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    found.push(...(await seriousViolations(page)).map((v) => `settings, API key and 2FA enrolment: ${v}`));
    expect(found).toEqual([]);
    await context.close();
  }, 180_000);

  it('a viewer sees the links but no control that edits them', async () => {
    const viewerEmail = newEmail('viewer');
    const viewer = await signUpOverApi(h.base, 'Vic', viewerEmail);
    await h.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
      workspaceId,
      viewer.userId,
      'viewer',
    ]);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'viewer');
    await signInInUi(page, h.base, viewerEmail);
    await page.getByLabel('Workspace').selectOption({ label: "Olga's workspace (viewer)" });
    await page.getByRole('button', { name: 'Edit Menu' }).click();
    expect(await page.getByLabel('Destination URL').getAttribute('readonly')).not.toBeNull();
    for (const name of ['New link', 'Save changes', 'Pause', 'Archive'])
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bio pages' }).click();
    await page.getByRole('heading', { level: 1, name: 'Bio pages' }).waitFor();
    expect(await page.getByRole('button', { name: 'Create page' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'QR codes' }).click();
    await page.getByRole('heading', { level: 1, name: 'QR codes' }).waitFor();
    expect(await page.getByRole('button', { name: 'New QR code' }).count()).toBe(0);
    await context.close();
  }, 90_000);

  it('an editor whose change the server refuses (demoted while offline) sees the notice naming it', async () => {
    const editorEmail = newEmail('editor');
    const editor = await signUpOverApi(h.base, 'Eda', editorEmail);
    await h.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [
      workspaceId,
      editor.userId,
      'editor',
    ]);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'editor');
    await signInInUi(page, h.base, editorEmail);
    await page.getByLabel('Workspace').selectOption({ label: "Olga's workspace (editor)" });
    await page.getByRole('button', { name: 'Edit Menu' }).click();
    await context.setOffline(true);
    await page.getByLabel('Destination URL').fill('https://elsewhere.example/');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Edit Menu' }).click();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Menu, renamed offline');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await h.sql("UPDATE workspace_members SET role = 'viewer' WHERE user_id = $1 AND workspace_id = $2", [
      editor.userId,
      workspaceId,
    ]);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    const notice = page.getByRole('region', { name: 'Refused changes' }).getByRole('alert');
    await notice.first().waitFor({ timeout: 20_000 });
    expect(await notice.first().textContent()).toContain('Menu');
    expect(
      await h.sql('SELECT 1 FROM links WHERE destination_url = $1', ['https://elsewhere.example/']),
    ).toHaveLength(0);
    // Both refusals are listed; one button clears them, on this device and after a reload.
    await eventually(
      () => notice.count(),
      (n) => n === 2,
    );
    await page.getByRole('button', { name: 'Dismiss all 2' }).click();
    await page.getByRole('region', { name: 'Refused changes' }).waitFor({ state: 'detached' });
    await waitForSynced(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(await page.getByRole('region', { name: 'Refused changes' }).count()).toBe(0);
    await context.close();
  }, 90_000);
});

describe('the link list at scale', () => {
  it('keeps only the visible rows in the DOM for 3,000 links, and search still finds any of them', async () => {
    await h.sql(
      `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title)
       SELECT $1, (SELECT id FROM custom_domains WHERE is_system AND purpose <> 'bio' LIMIT 1), 'bulk' || g, 'https://bulk.example/' || g, 'Bulk ' || g
       FROM generate_series(1, 3000) AS g`,
      [workspaceId],
    );
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'scale');
    await signInInUi(page, h.base, ownerEmail);
    await page.getByText('of 3001 links').waitFor({ timeout: 30_000 });
    expect(await page.getByRole('table', { name: 'Links' }).getAttribute('aria-rowcount')).toBe('3002');
    expect(await page.locator('.vrow').count()).toBeLessThan(40);
    await page.getByLabel('Search links').fill('Bulk 2999');
    await page.getByRole('button', { name: 'Edit Bulk 2999' }).waitFor();
    expect(await page.locator('.vrow').count()).toBe(1);
    await context.close();
  }, 90_000);
});

/** Opens a section from the nav; on a phone (under 720 px) the nav is folded behind the Menu button. */
async function openSection(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Sign out', exact: true }).waitFor({ state: 'attached' });
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

function screenLabel(screen: (typeof SCREENS)[number]): string {
  return {
    links: 'Links',
    qr: 'QR codes',
    pages: 'Bio pages',
    analytics: 'Analytics',
    domains: 'Domains',
    members: 'Members',
    settings: 'Settings',
  }[screen];
}

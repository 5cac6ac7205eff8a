import { afterAll, beforeAll, expect, it } from 'vitest';
import { startEdge, type EdgeHarness } from './edge-harness';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * A link's schedule as a user in Berlin sets it on a phone whose own clock is New York's: the workspace's
 * time zone is picked in Settings (typed in lower case), the schedule is typed on that clock, stored as
 * the instant it names, shown back the same way after a reload, and the edge holds the link back until
 * then. An expiry before the start and a six-digit year are refused beside the field; nothing is saved.
 * The audit log shows its times on the same clock.
 */
let h: PwaHarness;
let edge: EdgeHarness;
let workspaceId = '';
const email = newEmail('lena');

beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
  const account = await signUpOverApi(h.base, 'Lena', email);
  workspaceId = account.workspaceId;
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
}, 120_000);
afterAll(async () => {
  await edge?.stop();
  await h?.stop();
});

const scheduleOf = async (slug: string) =>
  (
    await h.sql<{ starts_at: Date | null; expires_at: Date | null }>(
      'SELECT starts_at, expires_at FROM links WHERE slug = $1',
      [slug],
    )
  )[0];

it('schedules a link on the workspace clock, not the device’s, and refuses what names no time', async () => {
  const context = await h.browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    timezoneId: 'America/New_York',
  });
  const page = await context.newPage();
  watch(page, 'schedule');
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await signInInUi(page, h.base, email);
  const open = async (section: string) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: section }).click();
  };

  await open('Settings');
  await page.getByRole('button', { name: 'Use this device’s time zone (America/New_York)' }).waitFor();
  await page.getByLabel('Time zone').fill('europe/berlin');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('Europe/Berlin');
  await eventually(
    () => h.sql<{ time_zone: string }>('SELECT time_zone FROM workspaces WHERE id = $1', [workspaceId]),
    (rows) => rows[0]?.time_zone === 'Europe/Berlin',
  );

  const slug = `lena${Date.now().toString(36)}`;
  await open('Links');
  await page.getByRole('button', { name: 'New link' }).click();
  await page.getByLabel('Destination URL').fill('https://shop.example/xmas');
  await page.getByLabel('Slug').fill(slug);
  await page.getByRole('button', { name: 'Create link' }).click();
  const starts = page.getByLabel('Starts at (Europe/Berlin)');
  await starts.fill('2027-12-24T09:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  const saved = await eventually(
    () => scheduleOf(slug),
    (row) => row?.starts_at !== null && row?.starts_at !== undefined,
  );
  expect(saved?.starts_at?.toISOString()).toBe('2027-12-24T08:00:00.000Z');
  const early = await edge.visit(h.deps.config.LINK_HOST, `/${slug}`);
  expect(early.status).toBe(404);

  const expires = page.getByLabel('Expires at (Europe/Berlin)');
  for (const typed of ['2027-12-24T08:30', '20000-01-01T00:00']) {
    await expires.fill(typed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => expires.getAttribute('aria-invalid')).toBe('true');
  }
  expect((await scheduleOf(slug))?.expires_at).toBeNull();

  await page.reload();
  await expect.poll(() => page.getByLabel('Starts at (Europe/Berlin)').inputValue()).toBe('2027-12-24T09:00');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);

  // The audit log reads the same clock.
  await open('Settings');
  const audit = page.getByRole('table').filter({ has: page.getByText('Audit log, newest first') });
  await audit.getByRole('columnheader', { name: 'When (Europe/Berlin)' }).waitFor();
  const [latest] = await h.sql<{ occurred_at: Date }>(
    'SELECT occurred_at FROM audit_log_entries WHERE workspace_id = $1 ORDER BY occurred_at DESC, id DESC LIMIT 1',
    [workspaceId],
  );
  const berlin = new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Europe/Berlin',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  const firstWhen = audit.locator('tbody').getByRole('row').first().getByRole('cell').first();
  await expect.poll(() => firstWhen.textContent()).toBe(berlin.format(latest?.occurred_at));
  expect(pageErrors).toEqual([]);
  await context.close();
}, 120_000);

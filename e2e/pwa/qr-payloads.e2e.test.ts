import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * QR payload types in the editor (D-570): a Wi-Fi code is made from its form, the editor says it is
 * static and shows the `WIFI:` text it encodes; a contact card code is dynamic and keeps its kind.
 */
let h: PwaHarness;
let workspaceId = '';
const email = newEmail('qrpay');

beforeAll(async () => {
  h = await startPwaHarness();
  const account = await signUpOverApi(h.base, 'Quinn', email);
  workspaceId = account.workspaceId;
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function signedIn(label: string): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, email);
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'QR codes' }).click();
  return page;
}

describe('QR payload types in the editor', () => {
  it('a Wi-Fi code is created from its form, says it is static and encodes the escaped WIFI: text', async () => {
    const page = await signedIn('qr-wifi');
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Type').selectOption('wifi');
    await page.getByTestId('qr-static-note').waitFor();
    expect(await page.getByLabel('Destination URL').count()).toBe(0);
    await page.getByLabel('Network name (SSID)').fill('Café;Guest');
    await page.getByLabel('Password').fill('coffee,time');
    await page.getByText('✓ Scannable design').waitFor();
    await page.getByRole('button', { name: 'Create QR code' }).click();
    const [row] = await eventually(
      () =>
        h.sql<{ payload: { type: string; ssid: string } }>(
          'SELECT payload FROM qr_codes WHERE workspace_id = $1',
          [workspaceId],
        ),
      (rows) => rows.length === 1,
    );
    expect(row?.payload).toEqual({
      type: 'wifi',
      ssid: 'Café;Guest',
      security: 'WPA',
      password: 'coffee,time',
    });
    await page.getByTestId('qr-encoded-text').waitFor();
    expect(await page.getByTestId('qr-encoded-text').textContent()).toBe(
      'WIFI:T:WPA;S:Café\\;Guest;P:coffee\\,time;;',
    );
    // A printed static code offers only static types.
    const options = await page.getByLabel('Type').locator('option').allTextContents();
    expect(options).not.toContain('Website (URL)');
    await page.context().close();
  }, 120_000);

  it('a bad Wi-Fi form is refused in the editor, naming the field, and nothing is stored', async () => {
    const page = await signedIn('qr-wifi-bad');
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Type').selectOption('wifi');
    await page.getByLabel('Network name (SSID)').fill('é'.repeat(17));
    await page.getByLabel('Password').fill('longenough');
    await page.getByRole('button', { name: 'Create QR code' }).click();
    await page.getByText(/32 bytes/).waitFor();
    expect(await h.sql('SELECT 1 FROM qr_codes WHERE workspace_id = $1', [workspaceId])).toHaveLength(1);
    await page.context().close();
  }, 120_000);
});

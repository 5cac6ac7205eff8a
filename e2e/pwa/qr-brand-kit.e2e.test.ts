import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { apiAs, eventually, newEmail, openSection, signedInPage, signUpOverApi } from './helpers';

/**
 * A brand kit in the "New QR code" designer (D-577): picking the workspace's kit fills the design
 * fields, the person adjusts one before saving, and the stored code carries that design; offline
 * the choice is disabled and says why.
 */
let h: PwaHarness;
let account: { token: string; userId: string; workspaceId: string };
const email = newEmail('qrkit');

beforeAll(async () => {
  h = await startPwaHarness();
  account = await signUpOverApi(h.base, 'Kit', email);
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('brand kits in the new-code designer', () => {
  it('picking a kit fills the designer, an adjusted field is kept, and the saved code stores the kit’s colours', async () => {
    const kit = await apiAs(h.app, account.token, 'POST', '/v1/brand-kits', {
      workspace_id: account.workspaceId,
      name: 'Café green',
      design: {
        fg_color: '#1b5e20',
        bg_color: '#f1f8e9',
        module_shape: 'dots',
        finder_style: 'rounded',
        error_correction: 'auto',
        frame: { label: 'SCAN ME', font: 'serif', color: '#1b5e20', text_color: '#ffffff' },
        margin: 4,
        transparent_background: false,
        allow_inverted: false,
      },
    });
    expect(kit.status, JSON.stringify(kit.json)).toBe(201);

    const page = await signedInPage(h.browser, h.base, email, 'qr-brand-kit');
    await openSection(page, 'QR codes');
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Destination URL').fill('https://example.com/menu');
    await page.getByLabel('Brand kit', { exact: true }).selectOption({ label: 'Café green' });
    expect(await page.getByLabel('Foreground').inputValue()).toBe('#1b5e20');
    expect(await page.getByLabel('Background').inputValue()).toBe('#f1f8e9');
    expect(await page.getByRole('textbox', { name: 'Call to action' }).inputValue()).toBe('SCAN ME');
    await page.getByRole('textbox', { name: 'Call to action' }).fill('SEE THE MENU');
    await page.getByText('✓ Scannable design').waitFor();
    await page.getByRole('button', { name: 'Create QR code' }).click();

    const [row] = await eventually(
      () =>
        h.sql<{
          design: { fgColor: string; bgColor: string; moduleShape: string; frame: { label: string } };
        }>('SELECT design FROM qr_codes WHERE workspace_id = $1', [account.workspaceId]),
      (rows) => rows.length === 1,
    );
    expect(row?.design).toMatchObject({
      fgColor: '#1b5e20',
      bgColor: '#f1f8e9',
      moduleShape: 'dots',
      frame: { label: 'SEE THE MENU', font: 'serif', color: '#1b5e20', textColor: '#ffffff' },
    });

    // Offline the choice stays in place, disabled, and says why.
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByText('Brand kits need a connection').waitFor();
    expect(await page.getByLabel('Brand kit', { exact: true }).isDisabled()).toBe(true);
    await page.context().close();
  }, 180_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * Settings' own forms with what a person may type: each problem is named beside its field, in the
 * form the person is looking at (a phone's Create key is screens below the key list), and nothing is
 * saved while one is there.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

describe('settings forms on a phone', () => {
  it('name each refused field beside it, and save nothing', async () => {
    const email = newEmail('sasha');
    const owner = await signUpOverApi(h.base, 'Sasha', email);
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    watch(page, 'settings-forms');
    await signInInUi(page, h.base, email);
    await page.goto(`${h.base}/settings`);

    const workspace = page.getByRole('form', { name: 'Workspace settings' });
    const fieldError = async (label: string) => {
      const id = (await workspace.getByLabel(label).getAttribute('aria-describedby')) ?? '';
      const errorId = id.split(' ').find((part) => part.endsWith('-error'));
      return errorId ? page.locator(`[id="${errorId}"]`).innerText() : '';
    };
    await workspace.getByLabel('Workspace name').fill('x'.repeat(300));
    await workspace.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => fieldError('Workspace name'), { timeout: 10_000 })
      .toMatch(/at most \d+ characters/);
    await workspace.getByLabel('Workspace name').fill('Evil \u202Egnp.exe');
    await workspace.getByLabel('Time zone').fill('Mars/Olympus');
    await workspace.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => fieldError('Workspace name'), { timeout: 10_000 }).toMatch(/invisible character/);
    await expect.poll(() => fieldError('Time zone'), { timeout: 10_000 }).toMatch(/Europe\/Berlin or UTC/);
    expect(await workspace.getByText('Saved on this device').count()).toBe(0);

    const keys = page.getByRole('form', { name: 'New API key' });
    await keys.getByLabel('Key name').fill('   ');
    await keys.getByRole('button', { name: 'Create key' }).click();
    await keys.locator('.error').first().waitFor();
    expect(await keys.locator('.error').allInnerTexts()).toEqual(['Name is required.']);
    await keys.getByLabel('Key name').fill('Zapier');
    await keys.getByRole('checkbox', { name: 'links:read' }).uncheck();
    await keys.getByRole('button', { name: 'Create key' }).click();
    await keys.getByText('Choose at least one scope.').waitFor();

    const [row] = await h.sql<{ name: string; keys: number }>(
      'SELECT name, (SELECT count(*)::int FROM api_keys WHERE workspace_id = w.id) AS keys FROM workspaces w WHERE id = $1',
      [owner.workspaceId],
    );
    expect(row).toEqual({ name: expect.not.stringContaining('gnp'), keys: 0 });
    await context.close();
  }, 120_000);
});

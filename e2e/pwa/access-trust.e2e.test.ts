import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/** The last-grant choice on the Members screen (D-510) and the Plan screen of a server without Stripe (D-511). */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

describe('revoking the last grant on the Members screen', () => {
  it('offers unscope (naming what the member will see), remove and cancel; cancel keeps the grant, remove ends the membership', async () => {
    const ownerEmail = newEmail('olu');
    const owner = await signUpOverApi(h.base, 'Olu', ownerEmail);
    const ws = owner.workspaceId;
    await h.sql(`UPDATE workspaces SET current_plan_key = 'business' WHERE id = $1`, [ws]);
    await h.sql(
      `UPDATE billing_accounts SET plan_key = 'business' WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)`,
      [ws],
    );
    const eve = await signUpOverApi(h.base, 'Eve', newEmail('eve'));
    const [member] = await h.sql<{ id: string }>(
      `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor') RETURNING id`,
      [ws, eve.userId],
    );
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'owner');
    await signInInUi(page, h.base, ownerEmail);
    for (const title of ['Granted one', 'Not granted']) {
      await page.getByRole('button', { name: 'New link' }).click();
      await page.getByLabel('Destination URL').fill(`https://shop.example/${title.replace(' ', '-')}`);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor();
    }
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Members' }).click();
    await page.getByRole('button', { name: /^Access of eve-/ }).click();
    const access = page.getByRole('region', { name: 'Access of Eve' });
    await access.getByLabel('Grant access to').selectOption({ label: 'Link Granted one' });
    await access.getByRole('button', { name: 'Grant', exact: true }).click();
    await page.getByText('Link Granted one granted to Eve.').waitFor();
    // Widening on purpose says how far: the same counts as the last-grant choice below.
    await access
      .getByRole('button', {
        name: "Give full access: Eve will see and edit all 2 links, 0 bio pages and 0 QR codes of Olu's workspace",
      })
      .waitFor();

    await access.getByRole('button', { name: 'Revoke Link Granted one' }).click();
    const choice = access.getByRole('group', { name: 'Last grant of Eve' });
    // Each choice names what it does to Eve's access, counted from the workspace.
    await choice
      .getByRole('button', {
        name: "Give Eve full access: Eve will see and edit all 2 links, 0 bio pages and 0 QR codes of Olu's workspace",
      })
      .waitFor();
    await choice
      .getByRole('button', {
        name: "Remove Eve from the workspace: Eve loses Link Granted one and every other access to Olu's workspace",
      })
      .waitFor();
    await choice.getByRole('button', { name: 'Cancel' }).click();
    await choice.waitFor({ state: 'detached' });
    expect(await h.sql('SELECT 1 FROM resource_grants WHERE member_id = $1', [member?.id])).toHaveLength(1);

    await access.getByRole('button', { name: 'Revoke Link Granted one' }).click();
    await choice.getByRole('button', { name: /^Remove Eve from the workspace/ }).click();
    await page
      .getByText('Link Granted one is no longer granted to Eve, and Eve was removed from the workspace.')
      .waitFor();
    await eventually(
      () =>
        h.sql<{ gone: boolean }>(
          'SELECT deleted_at IS NOT NULL AS gone FROM workspace_members WHERE id = $1',
          [member?.id],
        ),
      (rows) => rows[0]?.gone === true,
    );
    await context.close();
  }, 120_000);
});

describe('the Plan screen of a server without Stripe', () => {
  it('names the operator command instead of offering nothing to click', async () => {
    const email = newEmail('sol');
    const me = await signUpOverApi(h.base, 'Sol', email);
    const [ws] = await h.sql<{ slug: string }>('SELECT slug FROM workspaces WHERE id = $1', [me.workspaceId]);
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'plan');
    await signInInUi(page, h.base, email);
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Plan' }).click();
    await page
      .getByText(/Plans on this server are set by its operator \(npm run linkhub -- plan set …\)/)
      .waitFor();
    await page.locator('code', { hasText: `npm run linkhub -- plan set ${ws?.slug ?? ''} <plan>` }).waitFor();
    await context.close();
  }, 90_000);
});

import type { Page } from 'playwright-core';
import { seedDemo } from '../../scripts/lib/seed-demo';
import type { TestApp } from '../../sync-server/src/testing/app';

export type DemoSignIn = { email: string; password: string; workspaceId: string };

/** The demo seed (links, a QR code, a published bio page) in the harness's database. */
export async function seedDemoWorkspace(h: TestApp): Promise<DemoSignIn> {
  const seeded = await seedDemo(
    h.database.url,
    { linkHost: h.deps.config.LINK_HOST, bioHost: h.deps.config.BIO_HOST },
    null,
  );
  return { email: seeded.email, password: seeded.password, workspaceId: seeded.workspace_id };
}

/** Signs in through the editor's own form and waits for the links list with the seeded rows. */
export async function signInAsDemo(page: Page, base: string, demo: DemoSignIn): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
  await page.locator('[role=status][data-pending="0"][data-state="online"]').waitFor({ timeout: 20_000 });
  await page.locator('.vrow').first().waitFor({ timeout: 20_000 });
}

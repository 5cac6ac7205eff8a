import { launchChromium, newContext, newPage, signIn, VIEWPORTS } from './e2e/launcher/browser';
import { readFileSync } from 'node:fs';
const demo = JSON.parse(readFileSync('.linkhub/demo.json', 'utf8')) as { email: string; password: string };
const base = 'http://localhost:8080';
const browser = await launchChromium();
const vp = VIEWPORTS[1]!;
const ctx = await newContext(browser, vp);
const page = await newPage(ctx, vp.name);
await signIn(page, base, demo.email, demo.password);
const RLO = 'Sale \u202Eevil';
// page title
await page.goto(`${base}/pages`);
await page.getByRole('link', { name: /@demo/ }).click();
await page.getByLabel('Page title').fill(RLO);
await page.getByRole('button', { name: 'Save text' }).click();
await page.waitForTimeout(1000);
console.log('page title:', await page.locator('.error').allTextContents(), await page.getByLabel('Page title').inputValue());
// QR code title
await page.goto(`${base}/qr`);
await page.waitForTimeout(1000);
await page.getByRole('button', { name: 'New QR code' }).click();
await page.getByLabel('Destination URL').fill('https://example.com/qr');
await page.getByLabel('Title').fill(RLO);
await page.getByRole('button', { name: 'Create QR code' }).click();
await page.waitForTimeout(1000);
console.log('qr title:', await page.locator('.error').allTextContents());
// tags on a link
await page.goto(`${base}/`);
await page.getByRole('button', { name: 'New link' }).click();
await page.getByLabel('Destination URL').fill('https://example.com/tag');
await page.getByLabel('Tags (comma separated)').fill(`ok, ${RLO}`);
await page.getByRole('button', { name: 'Create link' }).click();
await page.waitForTimeout(1000);
console.log('tags:', await page.locator('.error').allTextContents());
// workspace name in settings
await page.goto(`${base}/settings`);
await page.waitForTimeout(1500);
const name = page.getByLabel(/Workspace name|Name/).first();
if (await name.count()) {
  await name.fill(RLO);
  await page.getByRole('button', { name: /^Save|Rename/ }).first().click();
  await page.waitForTimeout(1000);
  console.log('ws name:', await page.locator('.error').allTextContents());
}
await ctx.close();
await browser.close();

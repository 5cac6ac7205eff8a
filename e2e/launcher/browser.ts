import { expect } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing calling home. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export type Viewport = { name: 'phone' | 'desktop'; width: number; height: number };
export const VIEWPORTS: readonly Viewport[] = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export async function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  return browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    isMobile: viewport.name === 'phone',
    hasTouch: viewport.name === 'phone',
    acceptDownloads: true,
  });
}

/** Short waits, and the page's errors and 5xx answers in the output, so a failing step says where it stopped. */
export async function newPage(context: BrowserContext, label: string): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error(`[${label}] page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500)
      console.error(`[${label}] ${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return page;
}

/**
 * The screen fits its viewport: nothing is wider than the window, so nothing needs a horizontal
 * scroll (checked softly, so one screen too wide does not hide what the rest of the journey finds).
 */
export async function expectFits(page: Page, screen: string): Promise<void> {
  // Layout settles after fonts and lazy chunks: measure once the network is quiet.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  // A mobile viewport widens its layout viewport (innerWidth) to fit content that overflows: measure
  // against the width the page was opened at.
  const width = Math.min(innerWidth, page.viewportSize()?.width ?? innerWidth);
  expect
    .soft(scrollWidth, `${screen}: scrollWidth ${scrollWidth} > viewport width ${width}`)
    .toBeLessThanOrEqual(width);
}

/** Opens a section from the nav (behind the Menu button when the nav is folded on a phone). */
export async function openSection(page: Page, name: string): Promise<void> {
  // The signed-in frame has rendered once its header's Sign out is there.
  await page.getByRole('button', { name: 'Sign out' }).waitFor({ state: 'attached' });
  const menu = page.getByRole('button', { name: 'Menu' });
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await expectFits(page, name);
}

export async function signIn(page: Page, base: string, email: string, password: string): Promise<void> {
  await page.goto(`${base}/`);
  await signInHere(page, email, password);
}

/** Fills the sign-in form already on screen and waits for the editor. */
export async function signInHere(page: Page, email: string, password: string): Promise<void> {
  const signInForm = page.getByRole('form', { name: 'Sign in' });
  // Whichever form the auth screen opens with, once it has rendered.
  await page
    .getByRole('button', { name: /^(Sign in|I have an account)$/ })
    .first()
    .waitFor();
  if (!(await signInForm.isVisible())) await page.getByRole('button', { name: 'I have an account' }).click();
  await signInForm.getByLabel('Email').fill(email);
  await signInForm.getByLabel('Password').fill(password);
  await signInForm.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
}

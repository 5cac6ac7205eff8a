import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { signUpOverHttp } from '../../sync-server/src/testing/sign-up-over-http';

export const PASSWORD = 'correct horse battery staple 42';

export function newEmail(name: string): string {
  return `${name}-${randomUUID().slice(0, 8)}@example.test`;
}

/** Signs up through the editor's own form and waits for the workspace to open. */
export async function signUpInUi(page: Page, base: string, name: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByRole('button', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create your account' }).click();
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
}

export async function signInInUi(page: Page, base: string, email: string): Promise<void> {
  await page.goto(`${base}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
}

/** Waits until the service worker controls the page (the shell is precached). */
export async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

export async function waitForSynced(page: Page): Promise<void> {
  await page.locator('[role=status][data-pending="0"][data-state="online"]').waitFor({ timeout: 15_000 });
}

export async function sessionToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'lh_session');
  if (!cookie) throw new Error('no session cookie');
  return cookie.value;
}

const cspViolations = new WeakMap<Page, string[]>();

/** What Chromium reported refused by the editor's Content-Security-Policy on a watched page. */
export function cspViolationsOf(page: Page): readonly string[] {
  return cspViolations.get(page) ?? [];
}

/** Short waits and the page's console in the test output, so a failing step says where it stopped. */
export function watch(page: Page, label: string): void {
  page.setDefaultTimeout(15_000);
  const violations: string[] = [];
  cspViolations.set(page, violations);
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  page.on('pageerror', (e) => console.error(`[${label}] page error: ${e.message}`));
  page.on('response', (r) => {
    if (r.status() >= 500)
      console.error(`[${label}] ${r.status()} from ${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  page.on('console', (m) => {
    if (process.env.PWA_E2E_DEBUG) console.error(`[${label}] ${m.type()}: ${m.text()}`);
  });
}

/** Polls until `check` holds (sync is asynchronous), failing with the last value seen. */
export async function eventually<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!check(value)) {
    if (Date.now() > deadline) throw new Error(`condition not met; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's serious and critical violations on the current page (WCAG 2 A/AA rules). */
let axeSource: string | null = null;

export async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated over the DevTools protocol: the editor's CSP (script-src 'self', D-495) refuses the
  // inline <script> that addScriptTag would add.
  axeSource ??= await readFile(AXE_PATH, 'utf8');
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}) at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/** Signs up over the API (no browser; 202, then sign-in with the same password) and returns the session token and the new workspace. */
export async function signUpOverApi(
  base: string,
  name: string,
  email: string,
): Promise<{ token: string; userId: string; workspaceId: string }> {
  return signUpOverHttp((path, init) => fetch(`${base}${path}`, init), { email, password: PASSWORD, name });
}

/** The first link to `path` in a mail the dev outbox wrote to `email` (verification, reset, invitation). */
export async function mailedLink(
  outbox: string,
  email: string,
  path = '/api/auth/verify-email',
): Promise<string> {
  return eventually(
    async () => {
      for (const file of await readdir(outbox).catch(() => [])) {
        const text = await readFile(join(outbox, file), 'utf8');
        const url = text.includes(`To: ${email}`)
          ? new RegExp(`(https?://\\S+${path}\\?token=\\S+)`).exec(text)?.[1]
          : undefined;
        if (url) return url;
      }
      return '';
    },
    (url) => url !== '',
  );
}

/** A fresh browser context signed in as `email`, its console watched under `label`. */
export async function signedInPage(
  browser: Browser,
  base: string,
  email: string,
  label: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 1000 }, ...options });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, base, email);
  return page;
}

/** Opens one of the editor's top-level sections from its navigation. */
export const openSection = (page: Page, name: string): Promise<void> =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();

type RequestsApp = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

/** One call to the sync-server's API in process, as the holder of `bearer`. */
export async function apiAs(
  app: RequestsApp,
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${bearer}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

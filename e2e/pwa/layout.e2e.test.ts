import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { seedDemoWorkspace, signInAsDemo, type DemoSignIn } from '../../bench/lighthouse/seeded-editor';
import { startPwaHarness, type PwaHarness } from './harness';
import { watch } from './helpers';

/**
 * Every signed-in screen from 360 px up: no horizontal scroll, the section nav
 * collapses behind a menu button, "Sign out" reachable, and no visible control smaller than
 * 24×24 px (WCAG 2.5.8; inline links inside a sentence are exempt). The seed's names are long
 * unbroken Unicode words, as a pasted URL or product code makes them.
 */
const VIEWPORTS = [
  { width: 360, height: 800 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

let h: PwaHarness;
let demo: DemoSignIn;
let screens: Array<{ path: string; heading: string }>;
beforeAll(async () => {
  h = await startPwaHarness();
  demo = await seedDemoWorkspace(h);
  const id = async (sql: string) =>
    (await h.sql<{ id: string }>(sql, [demo.workspaceId]))[0]?.id ?? 'missing';
  const link = await id("SELECT id FROM links WHERE workspace_id = $1 AND slug = 'shop'");
  const qr = await id('SELECT id FROM qr_codes WHERE workspace_id = $1 LIMIT 1');
  const bio = await id("SELECT id FROM bio_pages WHERE workspace_id = $1 AND handle = 'demo'");
  // Names as users type them: one unbroken word, Unicode, long (a pasted URL or a product code).
  const long = `Ünïcødé-東京-${'ж'.repeat(40)}-${'x'.repeat(60)}`;
  await h.sql('UPDATE workspaces SET name = $2 WHERE id = $1', [demo.workspaceId, long.slice(0, 80)]);
  await h.sql('UPDATE links SET title = $2, tags = ARRAY[$3] WHERE id = $1', [link, long, long.slice(0, 50)]);
  await h.sql('UPDATE qr_codes SET title = $2 WHERE id = $1', [qr, long]);
  await h.sql('UPDATE bio_pages SET title = $2, bio = $2 WHERE id = $1', [bio, long]);
  screens = [
    { path: '/links', heading: 'Links' },
    { path: '/links/new', heading: 'Links' },
    { path: `/links/${link}`, heading: 'Links' },
    { path: '/qr', heading: 'QR codes' },
    { path: `/qr/${qr}`, heading: 'QR codes' },
    { path: '/pages', heading: 'Bio pages' },
    { path: `/pages/${bio}`, heading: 'Bio pages' },
    { path: '/analytics', heading: 'Analytics' },
    // a shared dashboard URL with a filter value far over the limit and a bidi override in another
    {
      path: `/analytics/${link}?referrer_host=${'x'.repeat(3000)}&utm_source=%F0%9F%98%80%E2%80%AE`,
      heading: 'Analytics',
    },
    { path: '/domains', heading: 'Domains' },
    { path: '/members', heading: 'Members' },
    { path: '/settings', heading: 'Settings' },
  ];
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

type Offender = { what: string; width: number; height: number };

/** Visible controls under 24×24 px, and how far the document scrolls sideways. */
async function measure(page: Page): Promise<{ overflow: number; small: Offender[]; wide: string[] }> {
  // A mobile viewport widens its layout viewport (innerWidth) to fit content that overflows: measure
  // against the width the page was opened at.
  const opened = page.viewportSize()?.width ?? Number.POSITIVE_INFINITY;
  return page.evaluate((openedWidth) => {
    const scroller = document.scrollingElement ?? document.documentElement;
    const small: Offender[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex="-1"])',
    );
    for (const el of controls) {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      // Off-screen on purpose (the skip link until focused, visually hidden text).
      if (box.right <= 0 || box.bottom <= 0 || el.closest('.sr-only')) continue;
      // An inline link inside a sentence is exempt (WCAG 2.5.8 "inline").
      const parentText = el.parentElement?.textContent?.trim() ?? '';
      if (
        el.tagName === 'A' &&
        style.display === 'inline' &&
        parentText.length > (el.textContent?.trim().length ?? 0)
      )
        continue;
      if (box.width < 24 || box.height < 24) {
        const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? '';
        small.push({
          what: `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        });
      }
    }
    const width = Math.min(window.innerWidth, openedWidth);
    // The innermost elements that reach past the window, so a failure names what to fix.
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .filter((el) => ![...el.children].some((c) => c.getBoundingClientRect().right > width + 1))
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${el.textContent?.trim().slice(0, 30) ?? ''}"`,
      );
    return { overflow: scroller.scrollWidth - width, small, wide };
  }, opened);
}

async function openSignedIn(viewport: { width: number; height: number }): Promise<Page> {
  const context = await h.browser.newContext({
    viewport,
    deviceScaleFactor: 1,
    hasTouch: viewport.width < 720,
    isMobile: viewport.width < 720,
  });
  const page = await context.newPage();
  watch(page, `layout-${viewport.width}`);
  await signInAsDemo(page, h.base, demo);
  return page;
}

describe('every signed-in screen fits a phone (17.12)', () => {
  for (const viewport of VIEWPORTS) {
    it(`at ${viewport.width}×${viewport.height}: no sideways scroll, no control under 24 px`, async () => {
      const page = await openSignedIn(viewport);
      const problems: string[] = [];
      for (const screen of screens) {
        await page.goto(`${h.base}${screen.path}`);
        await page.getByRole('heading', { name: screen.heading, level: 1 }).waitFor();
        // Lazy screens load their chunk and their first answers (SSE keeps the network busy, so not networkidle).
        await page.locator('.loading').first().waitFor({ state: 'detached' });
        await page.waitForTimeout(300);
        const { overflow, small, wide } = await measure(page);
        if (overflow > 0)
          problems.push(`${screen.path}: scrolls ${overflow}px sideways (${wide.join(', ')})`);
        for (const s of small) problems.push(`${screen.path}: ${s.what} is ${s.width}×${s.height}`);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    }, 180_000);
  }

  it('on a phone no number or date of the analytics screen is cut, and its chart neither shrinks nor jumps: the live count keeps its digits on one line, the last date stays in the chart, and touching the chart moves nothing', async () => {
    // 1,234 visitors in the last 30 minutes: a four-digit count, as a busy link has
    await h.sql(
      `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, ua_hash, is_bot, id)
       SELECT now() - interval '5 minutes', 'click', $1, 'link', (SELECT id FROM links WHERE workspace_id = $1 AND slug = 'shop'),
              decode(md5('layout-' || g), 'hex'), decode(md5('ua'), 'hex'), false, uuid_generate_v7()
         FROM generate_series(1, 1234) AS g`,
      [demo.workspaceId],
    );
    const page = await openSignedIn({ width: 360, height: 800 });
    await page.goto(`${h.base}/analytics`);
    const live = page.locator('.an-live strong');
    await expect(live.textContent()).resolves.toBe('1,234');
    const lines = await live.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
    });
    expect(lines).toBe(1);
    const dates = await page.locator('svg.an-svg-series').evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const labels = [...svg.querySelectorAll('text')].filter((t) => /[A-Za-z]/.test(t.textContent ?? ''));
      return labels.map((t) => {
        const r = t.getBoundingClientRect();
        return { text: t.textContent, inside: r.left >= box.left - 0.5 && r.right <= box.right + 0.5 };
      });
    });
    expect(dates.length).toBeGreaterThan(1);
    expect(dates.filter((d) => !d.inside)).toEqual([]);
    // the plain chart fills its box and its dates are real 12 px text, not a desktop chart shrunk to a phone
    const plain = await page.locator('.an-plot').evaluate((box) => {
      const svg = box.querySelector('svg')?.getBoundingClientRect();
      const date = [...box.querySelectorAll('svg text')].at(-1)?.getBoundingClientRect();
      return {
        blankUnder: box.getBoundingClientRect().bottom - (svg?.bottom ?? 0),
        dateHeight: date?.height ?? 0,
      };
    });
    expect(plain.blankUnder).toBeLessThan(2);
    expect(plain.dateHeight).toBeGreaterThanOrEqual(12);
    await page.context().close();
    // reaching for the chart swaps in the interactive one without moving the page under the finger or pointer
    for (const viewport of VIEWPORTS) {
      const reached = await openSignedIn(viewport);
      await reached.goto(`${h.base}/analytics`);
      const plot = reached.locator('.an-plot');
      await plot.locator('svg.an-svg-series').waitFor();
      const below = () =>
        plot.evaluate((box) => ({
          box: Math.round(box.getBoundingClientRect().height),
          // from the top of the document: a tap first scrolls the chart into view
          next: Math.round(
            (box.closest('section')?.nextElementSibling?.getBoundingClientRect().top ?? -1) + window.scrollY,
          ),
        }));
      const before = await below();
      if (viewport.width < 720) await plot.tap();
      else await plot.hover();
      await plot.locator('canvas').waitFor();
      await plot.locator('svg.an-svg-series').waitFor({ state: 'detached' });
      expect(await below(), `${viewport.width} px`).toEqual(before);
      await reached.context().close();
    }
  }, 120_000);

  it('on a phone a block opened for editing takes its row’s width, not its fields’', async () => {
    const page = await openSignedIn({ width: 390, height: 844 });
    const bio = screens.find((s) => /^\/pages\/./.test(s.path))?.path ?? '/pages';
    await page.goto(`${h.base}${bio}`);
    await page
      .locator('.blocks-list > li')
      .first()
      .getByRole('button', { name: 'Edit', exact: true })
      .click();
    const [form, row] = await page
      .locator('.blocks-list > li > form')
      .evaluate((f) => [
        f.getBoundingClientRect().width,
        f.parentElement?.getBoundingClientRect().width ?? 0,
      ]);
    // the row's 8 px padding each side
    expect(form).toBeGreaterThanOrEqual((row ?? 0) - 17);
    await page.context().close();
  }, 60_000);

  it('on a phone the sections sit behind a menu button, and Sign out is on screen', async () => {
    const page = await openSignedIn({ width: 360, height: 800 });
    const menu = page.getByRole('button', { name: 'Menu' });
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).isVisible(),
    ).resolves.toBe(false);
    await menu.click();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    // Choosing a section closes the menu again.
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    const signOut = page.getByRole('button', { name: 'Sign out', exact: true });
    const box = await signOut.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    await signOut.click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  }, 120_000);

  it('on a desktop every section is listed without a menu button', async () => {
    const page = await openSignedIn({ width: 1280, height: 800 });
    await expect(page.getByRole('button', { name: 'Menu' }).isVisible()).resolves.toBe(false);
    await expect(
      page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Settings' }).isVisible(),
    ).resolves.toBe(true);
    await page.context().close();
  }, 120_000);
});

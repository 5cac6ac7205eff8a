import { serve, type ServerType } from '@hono/node-server';
import ICAL from 'ical.js';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

/**
 * vCard and event QR codes (D-570) in a real Chromium with JavaScript off: the hosted page shows
 * the contact or event, its button downloads a file a real parser (ical.js) reads back as typed,
 * and each page view is counted as a scan (a download is not).
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-sync',
];
const NASTY = 'Zoë "Ω", Café; Bar\\Grill 🍕 日本語';

let h: Harness;
let server: ServerType;
let base = '';
let browser: Browser;
let edgeApp: ReturnType<Harness['app']>['app'];
const ids: Record<string, string> = {};

const CARD = {
  type: 'vcard',
  first_name: NASTY,
  last_name: 'Smith, Jr.',
  organization: 'Acme; Coffee, Ltd',
  job_title: 'Barista\\Roaster',
  mobile: '+33 6 12 34 56 78',
  email: 'zoe@example.com',
  street: '1 Rue de la Paix',
  city: 'Paris',
  note: `Ask for the "special", please;\nsecond line ${'long '.repeat(30)}`,
};
const EVENT = {
  type: 'event',
  title: `Launch; party, ${NASTY}`,
  starts_at: '2026-07-14T18:30',
  ends_at: '2026-07-14T23:00',
  location: 'Quai Branly, Paris; 7e',
  description: 'Bring:\n- a hat, \\ a smile',
};

beforeAll(async () => {
  h = await createHarness();
  const ws = await h.seed.workspace({ name: 'Acme Coffee', time_zone: 'Europe/Paris' });
  const d = h.domains.linkDomainId;
  ids.card = await h.seed.qr(ws, d, 'card', null, { payload: JSON.stringify(CARD) });
  ids.party = await h.seed.qr(ws, d, 'party', null, { payload: JSON.stringify(EVENT) });
  ids.paused = await h.seed.qr(ws, d, 'paused-card', null, {
    payload: JSON.stringify(CARD),
    status: 'paused',
  });
  const { app, edgeRedis } = h.app();
  await ready(edgeRedis);
  edgeApp = app;
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      // Chromium resolves every *.localhost name to loopback: the edge sees its link host.
      base = `http://${LINK_HOST}:${info.port}`;
      resolve();
    });
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await h?.close();
});

async function scansOf(resourceId: string, atLeast: number): Promise<number> {
  let count = 0;
  for (let i = 0; i < 100; i++) {
    const events = streamEvents(await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+'));
    count = events.filter((e) => e.resource_id === resourceId && e.event_type === 'scan').length;
    if (count >= atLeast) return count;
    await new Promise((r) => setTimeout(r, 20));
  }
  return count;
}

async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: button }).click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

describe('hosted QR pages with JavaScript off', () => {
  it('a vCard code shows the contact, downloads a .vcf that parses back, and counts the scan', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
    const page = await context.newPage();
    const res = await page.goto(`${base}/card`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`${NASTY} Smith, Jr.`);
    expect(await page.getByRole('link', { name: '+33 6 12 34 56 78' }).getAttribute('href')).toBe(
      'tel:+33612345678',
    );

    const file = await download(page, 'Add to contacts');
    expect(file.name).toMatch(/\.vcf$/);
    const card = new ICAL.Component(ICAL.parse(file.text));
    expect(card.getFirstPropertyValue('fn')).toBe(`${NASTY} Smith, Jr.`);
    expect(card.getFirstPropertyValue('n')).toEqual(['Smith, Jr.', NASTY, '', '', '']);
    expect(card.getFirstPropertyValue('org')).toBe('Acme; Coffee, Ltd');
    expect(card.getFirstPropertyValue('title')).toBe('Barista\\Roaster');
    expect(card.getFirstPropertyValue('note')).toBe(CARD.note);
    expect(await scansOf(ids.card ?? '', 1)).toBe(1);
    await context.close();
  }, 60_000);

  it('an event code shows the event, downloads an .ics in the workspace zone that parses back', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
    const page = await context.newPage();
    const res = await page.goto(`${base}/party`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(EVENT.title);
    await expect(page.locator('main').textContent()).resolves.toContain('Europe/Paris');

    const file = await download(page, 'Add to calendar');
    expect(file.name).toMatch(/\.ics$/);
    const calendar = new ICAL.Component(ICAL.parse(file.text));
    const zone = calendar.getFirstSubcomponent('vtimezone');
    if (zone) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent') ?? undefined);
    expect(event.uid).toBe(`${ids.party}@${LINK_HOST}`);
    expect(event.summary).toBe(EVENT.title);
    expect(event.location).toBe(EVENT.location);
    expect(event.description).toBe(EVENT.description);
    expect(event.startDate.zone.tzid).toBe('Europe/Paris');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-07-14T16:30:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-07-14T21:00:00.000Z');
    // The page view is the scan; the download is not another.
    expect(await scansOf(ids.party ?? '', 1)).toBe(1);
    await context.close();
  }, 60_000);

  it('a paused vCard code takes the QR fallback chain like every code', async () => {
    const res = await visit(edgeApp, LINK_HOST, '/paused-card');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('Add to contacts');
    expect(html).toContain('Acme Coffee');
  });
});

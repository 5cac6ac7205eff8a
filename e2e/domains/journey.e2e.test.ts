import { request as httpsRequest } from 'node:https';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQr } from '@linkhub/shared/server/qr/decode';
import { startPebble, type Pebble } from '../../worker/src/domains/testing/pebble';
import {
  expectFits,
  launchChromium,
  newContext,
  newPage,
  openSection,
  signIn,
  VIEWPORTS,
} from '../launcher/browser';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { freePort } from '../launcher/ports';

/**
 * Custom domains end to end, as a user meets them: `npm start` with ACME_DIRECTORY_URL set (pointing at
 * Debian's pebble), the editor at 390 and 1280 px: add the domain, see the records to create,
 * create the TXT record (at pebble's DNS server, which the worker asks), get it verified and a
 * certificate, make it the default for new links, and a scan of a QR code on that domain
 * redirects over HTTPS (the edge's TLS listener, a client trusting pebble's root).
 */
let pebble: Pebble;
let stack: Launcher;
let browser: Browser;
let tlsPort = 0;
let root = '';

beforeAll(async () => {
  const edgePort = await freePort();
  tlsPort = await freePort();
  pebble = await startPebble({ httpPort: edgePort });
  stack = await startLauncher({
    edgePort,
    env: {
      ACME_DIRECTORY_URL: pebble.directoryUrl,
      ACME_CA_FILE: pebble.caFile,
      DNS_SERVERS: pebble.dnsServer,
      EDGE_TLS_PORT: String(tlsPort),
    },
  });
  browser = await launchChromium();
  root = await pebble.issuingRoot();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await stack?.cleanUp();
  await pebble?.stop();
}, 60_000);

/**
 * Nothing wider than the device: a mobile browser lays out a too-wide page on a wider viewport
 * (then innerWidth grows with it), so the width is compared with the device's, not innerWidth.
 */
async function fitsWidth(page: Page, width: number): Promise<void> {
  const measured = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(measured.innerWidth).toBe(width);
  expect(measured.scrollWidth).toBeLessThanOrEqual(width);
}

type Answer = { status: number; location: string | undefined };

/** What a phone does after scanning: GET the URL over TLS (to the edge's TLS port; the name is the code's host). */
function openOverHttps(url: string): Promise<Answer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port: tlsPort,
        path: target.pathname,
        servername: target.hostname,
        headers: { host: target.hostname },
        ca: root,
        agent: false,
      },
      (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, location: res.headers.location });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  let value = await read();
  while (!ok(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stack.demo.sync_url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack.demo.api_key}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data; // our own API's envelope
}

/** Renders the code's PNG through the API and reads it back with a real QR decoder. */
async function scan(qrId: string): Promise<string> {
  const res = await fetch(`${stack.demo.sync_url}/v1/qr-codes/${qrId}/render?format=png&size_mm=30&dpi=300`, {
    headers: { Authorization: `Bearer ${stack.demo.api_key}` },
  });
  expect(res.status).toBe(200);
  const { data, info } = await sharp(Buffer.from(await res.arrayBuffer()))
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const [text] = await decodeQr(
    { data: new Uint8ClampedArray(data), width: info.width, height: info.height },
    { binarizer: 'LocalAverage', tryInvert: false },
  );
  if (text === undefined) throw new Error('no QR code found in the rendered PNG');
  return text;
}

describe('npm start with ACME_DIRECTORY_URL', () => {
  it('says where custom domains are served over HTTPS', () => {
    expect(stack.output()).toContain(`https on port ${tlsPort}`);
  });
});

for (const vp of VIEWPORTS) {
  const host = vp.name === 'desktop' ? 'go.brand-example.com' : 'm.brand-example.com';
  describe(`a custom domain from the editor on a ${vp.name} (${vp.width}×${vp.height})`, () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      context = await newContext(browser, vp);
      page = await newPage(context, `${vp.name}/domains`);
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
    }, 60_000);
    afterAll(async () => context?.close());

    const item = () => page.getByRole('listitem').filter({ has: page.getByText(host, { exact: true }) });

    it(`adds ${host} and shows the records to create`, async () => {
      await openSection(page, 'Domains');
      const form = page.getByRole('form', { name: 'Add a domain' });
      await form.getByLabel('Domain name').fill(host);
      await form.getByRole('button', { name: 'Add domain' }).click();
      const txt = item().getByRole('group', { name: `TXT record for ${host}` });
      await txt.getByText(`_linkhub-verify.${host}`).waitFor();
      await expect(txt.locator('code').nth(1).textContent()).resolves.toMatch(
        /^linkhub-verify=[0-9a-f]{32}$/,
      );
      const cname = item().getByRole('group', { name: `CNAME record for ${host}` });
      await expect(cname.locator('code').nth(1).textContent()).resolves.toBe(stack.demo.link_host);
      await item().getByText('Waiting for DNS').waitFor();
      await expectFits(page, 'Domains with the records to create');
      await fitsWidth(page, vp.width);
    }, 60_000);

    it('gets verified once the TXT record exists, then a certificate from the ACME server', async () => {
      const txt = item().getByRole('group', { name: `TXT record for ${host}` });
      const name = (await txt.locator('code').nth(0).textContent()) ?? '';
      const value = (await txt.locator('code').nth(1).textContent()) ?? '';
      await pebble.setTxt(name, value);
      await item().getByRole('button', { name: 'Check DNS now' }).click();
      await item().getByText('HTTPS certificate issued').waitFor({ timeout: 90_000 });
      await expect(item().getByLabel('Last DNS check').textContent()).resolves.toContain(`TXT ${name}`);
      await expectFits(page, 'Domains with a verified domain');
      await fitsWidth(page, vp.width);
    }, 120_000);

    it('makes it the domain of new links, and a new link from the editor lands on it', async () => {
      const useForLinks = item().getByLabel(`New links use ${host}`);
      await item().getByText(`New links use ${host}`).click();
      await expect.poll(() => useForLinks.isChecked()).toBe(true);
      await openSection(page, 'Links');
      await page.getByRole('button', { name: 'New link' }).click();
      await expect(
        page.getByLabel('Short link domain', { exact: true }).locator('option:checked').textContent(),
      ).resolves.toContain(host);
      await page
        .getByLabel('Destination URL', { exact: true })
        .fill(`https://example.com/${vp.name}/default-domain`);
      await page.getByLabel('Slug', { exact: true }).fill(`d-${vp.name}`);
      await page
        .getByRole('button', { name: /^(Create|Save)/ })
        .first()
        .click();
      await page.getByText(`${host}/d-${vp.name}`).first().waitFor({ timeout: 20_000 });
      await expectFits(page, 'Links with a link on the custom domain');
      // The editor saved it on the device first; the push reaches the server within moments.
      const answer = await until(
        () => openOverHttps(`https://${host}/d-${vp.name}`),
        (a) => a.status === 302,
      );
      expect(answer).toEqual({ status: 302, location: `https://example.com/${vp.name}/default-domain` });
    }, 60_000);

    it('a scan of a QR code on the domain redirects over HTTPS', async () => {
      const qr = await api<{ id: string; short_url: string }>('POST', '/v1/qr-codes', {
        destination_url: `https://example.com/${vp.name}/poster`,
        domain: host,
      });
      const scanned = await scan(qr.id);
      expect(scanned.toLowerCase()).toBe(qr.short_url.toLowerCase());
      expect(new URL(scanned).protocol).toBe('https:');
      const answer = await openOverHttps(scanned);
      expect(answer).toEqual({ status: 302, location: `https://example.com/${vp.name}/poster` });
    }, 60_000);
  });
}

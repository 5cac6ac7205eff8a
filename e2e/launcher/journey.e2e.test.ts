import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFits,
  launchChromium,
  newContext,
  newPage,
  openSection,
  signIn,
  signInHere,
  VIEWPORTS,
} from './browser';
import { edgeText, visitEdge } from './edge';
import { csvRecords, downloadedBytes, unzip } from './files';
import { startLauncher, type Launcher } from './launcher';
import { mailedLink } from './mail';
import { isGone } from './processes';
import { LOCAL_DESTINATION_MESSAGE } from '@linkhub/shared/schemas/common';
import { FORWARDED_FOR_HEADER } from '@linkhub/shared/server/analytics/client-ip';
import { isClosed } from './ports';
import { eventually } from './wait';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

/**
 * The editor journey against the stack exactly as the README starts it: `npm start` itself (on its
 * own ports, database, Redis prefix and state folder), Chromium at 390×844 and 1280×800, every
 * screen checked for horizontal scroll, and Ctrl-C stopping every child at the end.
 */
const PASSWORD = 'quiet harbour lantern 1987 rowing';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SPLIT_VISITS = 200;
const tag = randomBytes(3).toString('hex');

let stack: Launcher;
let browser: Browser;
let db: pg.Pool;
const sql = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> =>
  (await db.query<R>(text, values)).rows;

beforeAll(async () => {
  stack = await startLauncher();
  browser = await launchChromium();
  db = createDirectPool(stack.demo.database_url, 2);
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await db?.end();
  await stack?.cleanUp();
}, 60_000);

describe('npm start', () => {
  it('prints the addresses of demo.json and serves the built editor with its manifest and service worker', async () => {
    const printed = stack.output();
    for (const url of [stack.demo.pwa_url, stack.demo.sync_url, stack.demo.edge_url])
      expect(printed).toContain(url);
    expect(printed).toContain(stack.demo.email);
    // Where the mails of a server without SMTP go, for a developer looking for the verification link.
    expect(printed).toMatch(
      /mail outbox +\S*outbox\/ +\(no SMTP_URL: every mail LinkHub sends is a file here\)/,
    );
    const context = await newContext(browser, VIEWPORTS[1] ?? { name: 'desktop', width: 1280, height: 800 });
    const page = await newPage(context, 'start');
    try {
      await page.goto(stack.demo.pwa_url);
      expect(await page.locator('link[rel=manifest]').count(), 'a web app manifest is linked').toBe(1);
      const controlled = await page.evaluate(async () => {
        if (!('serviceWorker' in navigator)) return false;
        const ready = navigator.serviceWorker.ready.then(() => true);
        return Promise.race([ready, new Promise<boolean>((r) => setTimeout(() => r(false), 10_000))]);
      });
      expect(controlled, 'a service worker is registered and active').toBe(true);
    } finally {
      await context.close();
    }
  }, 60_000);
});

for (const vp of VIEWPORTS) {
  describe(`the journey on a ${vp.name} (${vp.width}×${vp.height})`, () => {
    const newcomerEmail = `newcomer-${vp.name}-${tag}@example.test`;
    const slug = `journey-${vp.name}-${tag}`;
    const title = `Journey ${vp.name} ${tag}`;
    const to = (path: string) => `https://example.com/${vp.name}/${path}`;
    let owner: BrowserContext;
    let page: Page;
    let newcomer: BrowserContext;
    let np: Page;
    /** The journey's link, and how many of the edge's answers for it were redirects (clicks). */
    let linkId = '';
    let clicks = 0;
    const split = new Map<string, number>();

    beforeAll(async () => {
      owner = await newContext(browser, vp);
      page = await newPage(owner, `${vp.name}/owner`);
      newcomer = await newContext(browser, vp);
      np = await newPage(newcomer, `${vp.name}/newcomer`);
    });
    afterAll(async () => {
      await owner?.close();
      await newcomer?.close();
    });

    it('signs the demo user in with the credentials npm start printed', async () => {
      await page.goto(stack.demo.pwa_url);
      await expectFits(page, 'sign-in screen');
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
      await expectFits(page, 'Links (after sign-in)');
    }, 60_000);

    it('signs up and confirms the address from the link in the mail', async () => {
      await np.goto(stack.demo.pwa_url);
      await np.getByRole('button', { name: 'Create an account' }).click();
      const form = np.getByRole('form', { name: 'Create your account' });
      await form.getByLabel('Your name').fill('Nour Newcomer');
      await form.getByLabel('Email').fill(newcomerEmail);
      await form.getByLabel('Password').fill(PASSWORD);
      await expectFits(np, 'sign-up form');
      await form.getByRole('button', { name: 'Create your account' }).click();
      const link = await mailedLink(stack.outbox, newcomerEmail, /verify/);
      expect(new URL(link).origin, 'the mailed link opens the editor’s origin').toBe(
        new URL(stack.demo.pwa_url).origin,
      );
      await np.goto(link);
      // The link lands in the app: the editor, or its sign-in form when sign-up did not sign in.
      await np.getByRole('heading', { level: 1, name: /^(Links|LinkHub)$/ }).waitFor();
      if (await np.getByRole('form', { name: 'Sign in' }).isVisible()) {
        await expectFits(np, 'sign-in after the mail link');
        await signInHere(np, newcomerEmail, PASSWORD);
      }
      await np.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
      await expectFits(np, 'Links (newcomer)');
      expect(await np.getByText(/Verify your email/).count(), 'no verify banner once verified').toBe(0);
      const [user] = await sql<{ email_verified_at: Date | null }>(
        'SELECT email_verified_at FROM users WHERE email = $1',
        [newcomerEmail],
      );
      expect(user?.email_verified_at).toBeInstanceOf(Date);
    }, 60_000);

    it('makes a link with a language rule and a 50/50 split, and the edge routes by them', async () => {
      await openSection(page, 'Links');
      await page.getByRole('button', { name: 'New link' }).click();
      // a developer's first try: their own app on localhost, refused for what it is
      await page.getByLabel('Destination URL', { exact: true }).fill('http://localhost:3000/');
      await page.getByLabel('Slug', { exact: true }).fill(slug);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByText(LOCAL_DESTINATION_MESSAGE).waitFor();
      await page.getByLabel('Destination URL', { exact: true }).fill(to('default'));
      await page.getByLabel('Slug', { exact: true }).fill(slug);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await expectFits(page, 'new link form');
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { name: `Link ${title}` }).waitFor();
      linkId = new URL(page.url()).pathname.split('/')[2] ?? '';
      expect(linkId).toMatch(/^[0-9a-f-]{36}$/);

      await page.getByRole('button', { name: 'Add rule' }).click();
      await page.getByLabel('Rule 1: when', { exact: true }).selectOption('language');
      await page.getByLabel('Rule 1: is one of', { exact: true }).fill('de');
      await page.getByLabel('Rule 1: send to', { exact: true }).fill(to('deutsch'));
      // The split is one list with the main destination first (D-515): a and b take it all, main keeps 0 %.
      await page.getByRole('button', { name: 'Split traffic' }).click();
      await page.getByRole('button', { name: 'Add destination' }).click();
      await page.getByLabel('Destination 2', { exact: true }).fill(to('a'));
      await page.getByLabel('Weight 2 (%)', { exact: true }).fill('50');
      await page.getByLabel('Destination 3', { exact: true }).fill(to('b'));
      await page.getByLabel('Weight 3 (%)', { exact: true }).fill('50');
      await expectFits(page, 'link editor with a rule and a split');
      await page.getByRole('button', { name: 'Save changes' }).click();

      const visit = async (language: string, ip: string) => {
        const answer = await visitEdge(stack.ports.edge, stack.demo.link_host, `/${slug}`, {
          'accept-language': language,
          'user-agent': DESKTOP_UA,
          [FORWARDED_FOR_HEADER]: ip,
        });
        if (answer.status === 302) clicks += 1;
        return answer;
      };
      const german = await eventually(
        () => visit('de-DE,de;q=0.9', '192.0.2.10'),
        (a) => a.location === to('deutsch'),
        20_000,
        'a German visitor sent to the rule’s destination',
      );
      expect(german.status).toBe(302);
      for (let i = 0; i < SPLIT_VISITS; i += 1) {
        const answer = await visit('en-US,en;q=0.8', `198.51.100.${i + 1}`);
        expect(answer.status).toBe(302);
        split.set(answer.location ?? 'none', (split.get(answer.location ?? 'none') ?? 0) + 1);
      }
      const a = split.get(to('a')) ?? 0;
      const b = split.get(to('b')) ?? 0;
      expect(a + b, `every visitor lands on a split destination: ${JSON.stringify([...split])}`).toBe(
        SPLIT_VISITS,
      );
      // 50/50 over 200 visitors: a standard deviation of ~7; ±30 is more than 4 of them.
      expect(a).toBeGreaterThanOrEqual(70);
      expect(b).toBeGreaterThanOrEqual(70);

      // What was saved is what the editor shows after a reload.
      await page.reload();
      await page.getByRole('heading', { name: `Link ${title}` }).waitFor();
      expect(await page.getByLabel('Rule 1: is one of', { exact: true }).inputValue()).toBe('de');
      expect(await page.getByLabel('Destination 3', { exact: true }).inputValue()).toBe(to('b'));
      await expectFits(page, 'link editor after reload');
    }, 60_000);

    it('exports the link’s analytics as CSV holding every click of the edge check', async () => {
      expect(linkId, 'the link step made the link').not.toBe('');
      // The worker ingests the clicks and rolls them up; wait for that, then export through the editor.
      await eventually(
        async () =>
          Number(
            (
              await sql<{ n: string }>(
                "SELECT coalesce(sum(clicks), 0) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
                [linkId],
              )
            )[0]?.n ?? 0,
          ),
        (n) => n >= clicks,
        30_000,
        `the ${clicks} clicks ingested`,
      );
      await openSection(page, 'Analytics');
      // The dashboard's picker: open it, search the link's title, pick it.
      await page.getByRole('button', { name: 'Whole workspace' }).click();
      await page.getByLabel('Find a link, QR code or page').fill(title);
      await page.locator('.an-picker-list').getByRole('button', { name: title }).first().click();
      await expectFits(page, 'analytics for the link');
      const download = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const file = await download.catch(async (error: unknown) => {
        throw new Error(
          `no CSV download; the editor says: ${(await page.locator('[aria-live=polite]').allTextContents()).join(' | ')}`,
          { cause: error },
        );
      });
      expect(file.suggestedFilename()).toMatch(/\.csv$/);
      const { header, records } = csvRecords(Buffer.from(await downloadedBytes(file)).toString('utf8'));
      expect(header).toContain('resource_id');
      expect(records.length).toBeGreaterThan(0);
      // Only the chosen link's rows (17.4: exports honour the resource they were asked for).
      expect(new Set(records.map((r) => r.parent_resource_id || r.resource_id))).toEqual(new Set([linkId]));
      const a = split.get(to('a')) ?? 0;
      const b = split.get(to('b')) ?? 0;
      if (header.includes('dimension')) {
        const total = records
          .filter((r) => r.dimension === 'all')
          .reduce((sum, r) => sum + Number(r.clicks), 0);
        expect(total).toBe(clicks);
        const variants = new Map<string, number>();
        for (const r of records.filter((row) => row.dimension === 'variant'))
          variants.set(r.value ?? '', (variants.get(r.value ?? '') ?? 0) + Number(r.clicks));
        expect(
          [...variants.values()].sort((x, y) => x - y),
          'each split destination’s clicks by variant',
        ).toEqual([a, b].sort((x, y) => x - y));
      } else {
        expect(records.filter((r) => r.event_type === 'click')).toHaveLength(clicks);
        expect(new Set(records.map((r) => r.variant_id).filter((v) => v !== '')).size).toBe(2);
      }
    }, 60_000);

    it('keeps all three networks of a social block through an edit and a reload, and publishes them', async () => {
      const networks =
        vp.name === 'phone' ? ['github', 'mastodon', 'bluesky'] : ['linkedin', 'threads', 'twitch'];
      const labels =
        vp.name === 'phone' ? ['GitHub', 'Mastodon', 'Bluesky'] : ['LinkedIn', 'Threads', 'Twitch'];
      const profile = (n: string, v = 1) => `https://${n}.example/${tag}/v${v}`;
      await openDemoPage(page);
      const blocks = page.getByRole('region', { name: 'Blocks' });
      const before = await blocks.getByRole('listitem').count();
      await page.getByLabel('Add a block', { exact: true }).selectOption('social');
      for (const [i, n] of networks.entries()) {
        if (i > 0) await page.getByRole('button', { name: /^Add (a |another )?network/i }).click();
        await page
          .getByLabel(/^Network/)
          .nth(i)
          .fill(n);
        await page
          .getByLabel(/Profile URL/)
          .nth(i)
          .fill(profile(n));
      }
      await expectFits(page, 'social block form');
      await page.getByRole('button', { name: 'Add social link' }).click();
      await eventually(
        () => blocks.getByRole('listitem').count(),
        (n) => n === before + 1,
        10_000,
        'the social block in the list',
      );

      // Edit: change the third network's URL.
      const social = blocks.getByRole('listitem').last();
      await social.getByRole('button', { name: 'Edit', exact: true }).click();
      expect(await social.getByLabel(/^Network/).count(), 'the edit form shows every network').toBe(3);
      await social
        .getByLabel(/Profile URL/)
        .nth(2)
        .fill(profile(networks[2] ?? '', 2));
      await expectFits(page, 'social block edit form');
      await social.getByRole('button', { name: 'Save block' }).click();
      // Reload once the edit is on the server, as the chip says "all changes saved": Replicache keeps a
      // mutation in memory up to a second before IndexedDB, so a reload sooner can lose one not yet pushed.
      await eventually(
        () =>
          sql<{ n: string }>('SELECT count(*) AS n FROM bio_blocks WHERE data::text LIKE $1', [
            `%${profile(networks[2] ?? '', 2)}%`,
          ]),
        (rows) => rows[0]?.n === '1',
        10_000,
        'the edited network on the server',
      );

      await page.reload();
      await page.getByRole('region', { name: 'Blocks' }).waitFor();
      const kept = page.getByRole('region', { name: 'Blocks' }).getByRole('listitem').last();
      await kept.getByRole('button', { name: 'Edit', exact: true }).click();
      const values = await Promise.all(
        [0, 1, 2].map(async (i) => [
          await kept
            .getByLabel(/^Network/)
            .nth(i)
            .inputValue(),
          await kept
            .getByLabel(/Profile URL/)
            .nth(i)
            .inputValue(),
        ]),
      );
      expect(values).toEqual([
        [networks[0], profile(networks[0] ?? '')],
        [networks[1], profile(networks[1] ?? '')],
        [networks[2], profile(networks[2] ?? '', 2)],
      ]);
      await kept.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: /^Publish( changes)?$/ }).click();
      const published = await eventually(
        () => edgeText(stack.ports.edge, stack.demo.bio_host, '/demo'),
        (r) => r.status === 200 && labels.every((l) => r.body.includes(`aria-label="${l}"`)),
        20_000,
        'the published page at the edge with the three networks',
      );
      expect(published.status).toBe(200);
    }, 60_000);

    it('moves a block to the top of the seeded page, kept after a reload and at the edge', async () => {
      await openDemoPage(page);
      const items = () => page.getByRole('region', { name: 'Blocks' }).getByRole('listitem');
      const second = await summaryOf(items().nth(1));
      const first = await summaryOf(items().nth(0));
      const secondId = await items().nth(1).getAttribute('data-block-id');
      await page.getByRole('button', { name: 'Move block 2 up' }).click();
      await eventually(
        () => summaryOf(items().nth(0)),
        (s) => s === second,
        10_000,
        'the second block on top',
      );
      expect(await page.getByRole('alert').allTextContents(), 'no error shown').toEqual([]);
      // Reload once the move is on the server (see the social block above).
      await eventually(
        () =>
          sql<{ id: string }>(
            `SELECT b.id FROM bio_blocks b
              WHERE b.page_id = (SELECT page_id FROM bio_blocks WHERE id = $1) AND b.deleted_at IS NULL
              ORDER BY b.position, b.id LIMIT 1`,
            [secondId],
          ),
        (rows) => rows[0]?.id === secondId,
        10_000,
        'the moved block on top on the server',
      );
      await page.reload();
      await page.getByRole('region', { name: 'Blocks' }).waitFor();
      expect(await summaryOf(items().nth(0))).toBe(second);
      expect(await summaryOf(items().nth(1))).toBe(first);
      await expectFits(page, 'page editor after the move');

      await page.getByRole('button', { name: /^Publish( changes)?$/ }).click();
      await eventually(
        async () => {
          const { body } = await edgeText(stack.ports.edge, stack.demo.bio_host, '/demo');
          const main = body.slice(body.indexOf('<body'));
          return { moved: main.indexOf(second), other: main.indexOf(first) };
        },
        ({ moved, other }) => moved >= 0 && other >= 0 && moved < other,
        20_000,
        'the moved block first on the published page',
      );
    }, 60_000);

    it('exports the QR codes as one ZIP of print files and a manifest that open', async () => {
      await openSection(page, 'QR codes');
      // Every code's own box (the "Select all" box shows only when there are several).
      const boxes = page.getByRole('checkbox', { name: /^Select .+ for export$/ });
      await boxes.first().waitFor();
      for (const box of await boxes.all()) await box.check();
      const batch = page.getByRole('region', { name: /^Export \d+ selected codes?$/ });
      const selected = Number(
        /Export (\d+)/.exec((await batch.getByRole('heading').first().textContent()) ?? '')?.[1] ?? 0,
      );
      expect(selected).toBeGreaterThan(0);
      await batch.getByLabel('Format', { exact: true }).selectOption('svg');
      await expectFits(page, 'QR batch export');
      await batch.getByRole('button', { name: 'Start batch export' }).click();
      const ready = batch.getByRole('link', { name: /^Download ZIP/ });
      await ready.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
        throw new Error(`no ZIP link; the panel says: ${await batch.innerText()}`, { cause: error });
      });
      const download = page.waitForEvent('download', { timeout: 30_000 });
      await ready.click();
      const file = await download.catch(async (error: unknown) => {
        throw new Error(`no ZIP download; the panel says: ${await batch.innerText()}`, { cause: error });
      });
      expect(file.suggestedFilename()).toMatch(/\.zip$/);
      const entries = unzip(await downloadedBytes(file));
      const manifest = entries['manifest.csv'];
      expect(manifest, `manifest.csv among ${Object.keys(entries).join(', ')}`).toBeDefined();
      const prints = Object.entries(entries).filter(([name]) => name.endsWith('.svg'));
      expect(prints).toHaveLength(selected);
      for (const [name, bytes] of prints)
        expect(Buffer.from(bytes).toString('utf8'), name).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);
      expect(csvRecords(Buffer.from(manifest ?? new Uint8Array()).toString('utf8')).records).toHaveLength(
        selected,
      );
    }, 120_000);

    it('invites the newcomer, who accepts from the mail link and sees the workspace', async () => {
      await openSection(page, 'Members');
      const form = page.getByRole('form', { name: 'Invite a member' });
      await form.getByLabel('Email to invite', { exact: true }).fill(newcomerEmail);
      await form.getByLabel('Role', { exact: true }).selectOption('editor');
      await form.getByRole('button', { name: 'Send invitation' }).click();
      const link = await mailedLink(stack.outbox, newcomerEmail, /invitation/);
      expect(new URL(link).origin, 'the mailed link opens the editor’s origin').toBe(
        new URL(stack.demo.pwa_url).origin,
      );
      await np.goto(link);
      await expect
        .poll(() => np.getByRole('status').first().textContent(), { timeout: 15_000 })
        .toMatch(/^You joined .+ as editor\.$/);
      await expectFits(np, 'invitation accepted');
      await np.getByRole('button', { name: /^Open / }).click();
      await np.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
      const switcher = np.getByLabel('Workspace', { exact: true });
      await switcher.waitFor({ timeout: 20_000 });
      const options = await switcher.locator('option').allTextContents();
      const joined = options.find((o) => o.endsWith('(editor)'));
      expect(joined, `the joined workspace among ${options.join(', ')}`).toBeDefined();
      await switcher.selectOption({ label: joined ?? '' });
      await np.getByRole('button', { name: 'Edit Product docs' }).waitFor({ timeout: 20_000 });
      await expectFits(np, 'Links of the joined workspace');
    }, 60_000);
  });
}

describe('Ctrl-C', () => {
  it('stops npm start and every process it started, and frees every port', async () => {
    const tree = await stack.tree();
    // npm → sh → the launcher → one npm (and its node) per service at least.
    expect(tree.length).toBeGreaterThanOrEqual(6);
    await stack.interrupt(30_000);
    const left = await eventually(
      async () =>
        (await Promise.all(tree.map(async (p) => ((await isGone(p)) ? null : p.pid)))).filter(
          (pid) => pid !== null,
        ),
      (pids) => pids.length === 0,
      15_000,
      'every child gone',
    );
    expect(left).toEqual([]);
    for (const port of Object.values(stack.ports))
      expect(await isClosed(port), `port ${port} closed`).toBe(true);
  }, 60_000);
});

/** The seeded bio page (`demo`) in the builder. */
async function openDemoPage(page: Page): Promise<void> {
  await openSection(page, 'Bio pages');
  await page.getByRole('link', { name: /^@demo\b/ }).click();
  await page.getByRole('region', { name: 'Blocks' }).waitFor();
  await expectFits(page, 'page editor');
}

const BLOCK_LABELS = [
  'Link button',
  'Heading',
  'Text',
  'Social link',
  'Image',
  'Embed',
  'Email sign-up',
  'Divider',
];

/** What a block in the list says, without its type label (so it can be found on the published page). */
async function summaryOf(item: ReturnType<Page['locator']>): Promise<string> {
  const text = (await item.locator('span').first().innerText()).trim();
  const label = BLOCK_LABELS.find((l) => text.startsWith(l));
  return (label ? text.slice(label.length) : text).replace(/\s+hidden$/, '').trim();
}

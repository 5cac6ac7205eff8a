import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { startEdge, type EdgeHarness } from './edge-harness';
import { startPwaHarness, type PwaHarness } from './harness';
import {
  openSection,
  signedInPage,
  eventually,
  newEmail,
  PASSWORD,
  signInInUi,
  signUpOverApi,
  watch,
} from './helpers';

/**
 * The content editors as a user meets them: a link with a language rule and a 50/50 split
 * that route at the edge, a social block of three networks edited and kept, a block moved to the top
 * of a page whose stored order keys the library refuses, a QR design with a problem that cannot be
 * saved, an email sign-up block published with its consent text, and an open form on one device when the
 * same link changes on another.
 */
let h: PwaHarness;
let edge: EdgeHarness;
let workspaceId = '';
let ownerToken = '';
const email = newEmail('ines');

beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
  const account = await signUpOverApi(h.base, 'Ines', email);
  workspaceId = account.workspaceId;
  ownerToken = account.token;
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = $1', [account.userId]);
  // Targeting rules and splits come with Pro.
  await h.sql(`UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1`, [workspaceId]);
}, 120_000);
afterAll(async () => {
  await edge?.stop();
  await h?.stop();
});

const signedIn = (label: string): Promise<Page> => signedInPage(h.browser, h.base, email, label);

const section = openSection;

async function createLink(page: Page, destination: string, slug: string): Promise<string> {
  await section(page, 'Links');
  await page.getByRole('button', { name: 'New link' }).click();
  await page.getByLabel('Destination URL').fill(destination);
  await page.getByLabel('Slug').fill(slug);
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.getByRole('button', { name: 'Save changes' }).waitFor();
  const [row] = await eventually(
    () => h.sql<{ id: string }>('SELECT id FROM links WHERE slug = $1', [slug]),
    (rows) => rows.length === 1,
  );
  return row?.id ?? '';
}

async function createPage(page: Page, handle: string): Promise<void> {
  await section(page, 'Bio pages');
  await page.getByLabel('Handle').fill(handle);
  await page.getByRole('button', { name: 'Create page' }).click();
  await page.getByRole('heading', { name: `@${handle}` }).waitFor();
}

/** Publishes the open page once its Publish button is ready. */
async function publishPage(page: Page): Promise<void> {
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  await eventually(
    () => publish.isEnabled(),
    (v) => v,
  );
  await publish.click();
}

type PublishedBlock = { id: string; type: string; data: Record<string, unknown> };

/** The block of the page's published snapshot that `wanted` picks, once the publish has committed. */
async function publishedBlock(
  handle: string,
  wanted: (block: PublishedBlock) => boolean,
): Promise<PublishedBlock> {
  const [row] = await eventually(
    () =>
      h.sql<{ blocks: PublishedBlock[] | null }>(
        "SELECT published_snapshot->'blocks' AS blocks FROM bio_pages WHERE handle = $1",
        [handle],
      ),
    (rows) => (rows[0]?.blocks ?? []).some(wanted),
  );
  const block = (row?.blocks ?? []).find(wanted);
  if (!block) throw new Error(`no such published block on @${handle}`);
  return block;
}

async function addBlock(
  page: Page,
  type: string,
  fields: Record<string, string>,
  submit: string,
): Promise<void> {
  await page.getByLabel('Add a block').selectOption(type);
  for (const [label, value] of Object.entries(fields))
    await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: submit }).click();
}

describe('the link editor', () => {
  it('saves a language rule and a 50/50 split with UUIDs, and the edge routes both', async () => {
    const page = await signedIn('routing');
    const slug = `ines${Date.now().toString(36)}`;
    const id = await createLink(page, 'https://shop.example/', slug);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByLabel('Rule 1: when').selectOption('language');
    await page.getByLabel('Rule 1: is one of').fill('fr');
    await page.getByLabel('Rule 1: send to').fill('https://shop.example/fr');
    // The split is one list with the main destination first (D-515): main 50 %, a 50 %.
    await page.getByRole('button', { name: 'Split traffic' }).click();
    await page.getByLabel('Destination 2', { exact: true }).fill('https://a.example/');
    await page.getByLabel('Weight 2 (%)').fill('50');
    await page.getByRole('button', { name: 'Save changes' }).click();

    const [row] = await eventually(
      () =>
        h.sql<{ rules: Array<{ id: string }>; destinations: Array<{ id: string; weight: number }> }>(
          'SELECT rules, destinations FROM links WHERE id = $1',
          [id],
        ),
      (rows) => rows[0]?.rules.length === 1 && rows[0]?.destinations.length === 2,
    );
    expect(
      [...(row?.rules ?? []), ...(row?.destinations ?? [])].every((r) => uuidSchema.safeParse(r.id).success),
    ).toBe(true);

    const host = h.deps.config.LINK_HOST;
    const french = await edge.visit(host, `/${slug}`, { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(french).toMatchObject({ status: 302, location: 'https://shop.example/fr' });
    const seen = new Set<string>();
    for (let i = 0; i < 40 && seen.size < 2; i += 1) {
      const visit = await edge.visit(host, `/${slug}`, {
        'accept-language': 'en',
        'x-forwarded-for': `198.51.100.${i + 1}`,
      });
      if (visit.location) seen.add(visit.location);
    }
    expect([...seen].sort()).toEqual(['https://a.example/', 'https://shop.example/']);
    await page.context().close();
  }, 120_000);

  it('asks before saving a look-alike host, stores it encoded and shows its host in ASCII from then on (D-438)', async () => {
    const page = await signedIn('lookalike');
    await section(page, 'Links');
    await page.getByRole('button', { name: 'New link' }).click();
    const slug = `look${Date.now().toString(36)}`;
    await page.getByLabel('Destination URL').fill('https://\u0430pple.com/\u6771\u4eac');
    await page.getByLabel('Slug').fill(slug);
    await page.getByTestId('lookalike-warning').waitFor();
    const create = page.getByRole('button', { name: 'Create link' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'I trust this address' }).click();
    await create.click();
    const [row] = await eventually(
      () => h.sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE slug = $1', [slug]),
      (rows) => rows.length === 1,
    );
    expect(row?.destination_url).toBe('https://xn--pple-43d.com/%E6%9D%B1%E4%BA%AC');
    // Under load the push can land before the editor has moved to the new link's address (it moves once
    // the link is in IndexedDB, D-430): reloading /links/new would open an empty form.
    await page.waitForURL(/\/links\/[0-9a-f-]{36}$/);
    await page.reload();
    await eventually(
      () => page.getByLabel('Destination URL').inputValue(),
      (v) => v === 'https://xn--pple-43d.com/\u6771\u4eac',
    );
    // The list shows the host as it really is (a teammate would read the Unicode form as apple.com),
    // and the path readable rather than percent-escaped.
    await page
      .getByRole('row', { name: new RegExp(slug) })
      .getByRole('cell', { name: 'https://xn--pple-43d.com/\u6771\u4eac', exact: true })
      .waitFor();
    await page.context().close();
  }, 120_000);

  it('an open form follows another device and flags a field both changed', async () => {
    const a = await signedIn('device-a');
    const slug = `both${Date.now().toString(36)}`;
    const id = await createLink(a, 'https://one.example/', slug);
    const b = await signedIn('device-b');
    await b.goto(`${h.base}/links/${id}`);
    await b.getByRole('button', { name: 'Save changes' }).waitFor();

    // A types a title and leaves the form open; B changes the title and the destination.
    await a.getByLabel('Title', { exact: true }).fill('Mine');
    await b.getByLabel('Title', { exact: true }).fill('Theirs');
    await b.getByLabel('Destination URL').fill('https://two.example/');
    await b.getByRole('button', { name: 'Save changes' }).click();

    // The untouched field follows; the field both changed asks instead of overwriting.
    await eventually(
      () => a.getByLabel('Destination URL').inputValue(),
      (v) => v === 'https://two.example/',
    );
    await a.getByTestId('stale-notice').waitFor();
    expect(await a.getByLabel('Title', { exact: true }).inputValue()).toBe('Mine');
    expect(await a.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true);
    await a.getByRole('button', { name: 'Load the synced version' }).click();
    expect(await a.getByLabel('Title', { exact: true }).inputValue()).toBe('Theirs');
    await a.context().close();
    await b.context().close();
  }, 120_000);

  it('reads an address typed without https:// as one, on Enter and on leaving the field, as Dub and Bitly do', async () => {
    const page = await signedIn('bare-address');
    await section(page, 'Links');
    await page.getByRole('button', { name: 'New link' }).click();
    const slug = `bare${Date.now().toString(36)}`;
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Destination URL').fill('example.com/pricing?plan=pro');
    await page.getByLabel('Destination URL').press('Enter');
    const [row] = await eventually(
      () => h.sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE slug = $1', [slug]),
      (rows) => rows.length === 1,
    );
    expect(row?.destination_url).toBe('https://example.com/pricing?plan=pro');

    // Creating opens the new link's own editor; typing before it is on screen would land in the form it replaces.
    await page.getByRole('heading', { name: `Link ${slug}` }).waitFor();
    await page.getByLabel('Destination URL').fill('www.example.org');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('https://www.example.org');
    await eventually(
      () => h.sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE slug = $1', [slug]),
      (rows) => rows[0]?.destination_url === 'https://www.example.org',
    );
    // What is not a web address is left for the check to name: no https:// in front of an e-mail.
    await page.getByLabel('Destination URL').fill('ana@example.com');
    await page.getByLabel('Destination URL').blur();
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('ana@example.com');
    await page.context().close();
  }, 120_000);

  it('a destination carrying a user name or password is refused beside the field, before anything is saved', async () => {
    const page = await signedIn('credentials');
    await section(page, 'Links');
    await page.getByRole('button', { name: 'New link' }).click();
    const slug = `cred${Date.now().toString(36)}`;
    await page.getByLabel('Slug').fill(slug);
    await page.getByLabel('Destination URL').fill('https://paypal.com:secret@pay.example.net/login');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page
      .getByText('The destination carries a user name or password, which every visitor would receive.')
      .waitFor();
    expect(await page.getByLabel('Destination URL').getAttribute('aria-invalid')).toBe('true');
    await page.waitForTimeout(500);
    expect(await h.sql('SELECT 1 FROM links WHERE slug = $1', [slug])).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('an editor made a viewer while editing: the refused save is named, the form never says saved, and offers only the synced version', async () => {
    const owner = await signedIn('owner-demotes');
    const slug = `demo${Date.now().toString(36)}`;
    const id = await createLink(owner, 'https://kept.example/', slug);
    await owner.context().close();
    const memberEmail = newEmail('mo');
    const member = await signUpOverApi(h.base, 'Mo', memberEmail);
    const [membership] = await h.sql<{ id: string }>(
      `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor') RETURNING id`,
      [workspaceId, member.userId],
    );
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    watch(page, 'demoted');
    await signInInUi(page, h.base, memberEmail);
    await page.evaluate((ws) => localStorage.setItem('linkhub.workspace', ws), workspaceId);
    await page.goto(`${h.base}/links/${id}`);
    await page.getByRole('button', { name: 'Save changes' }).waitFor();

    await page.getByLabel('Title', { exact: true }).fill('Typed as editor');
    const demoted = await fetch(`${h.base}/api/workspaces/${workspaceId}/members/${membership?.id ?? ''}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'viewer' }),
    });
    expect(demoted.status).toBe(200);
    const save = page.getByRole('button', { name: 'Save changes' });
    // The poke may take the Save button away first (what was typed is then unsaved); if not, the server refuses the save.
    await save.click({ timeout: 2_000 }).catch(() => undefined);
    const notice = page.getByTestId('stale-notice');
    await notice.waitFor();
    // Once the role change has synced to this device (the poke), whichever way the notice came.
    await expect.poll(() => notice.innerText(), { timeout: 15_000 }).toMatch(/^Not saved \(Title\)/);
    expect(await notice.getByRole('button', { name: 'Keep mine' }).count()).toBe(0);
    expect(await page.getByText('Saved on this device').count()).toBe(0);
    // What was typed stays readable until the person loads the synced version.
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Typed as editor');
    await notice.getByRole('button', { name: 'Load the synced version' }).click();
    await expect
      .poll(() => page.getByLabel('Title', { exact: true }).inputValue(), { timeout: 10_000 })
      .toBe('');
    const [row] = await h.sql<{ title: string | null }>('SELECT title FROM links WHERE id = $1', [id]);
    expect(row?.title ?? null).toBeNull();
    await context.close();
  }, 120_000);

  it('on a phone, an offline edit refused because the link was archived elsewhere is kept, and the choice sits by Save', async () => {
    const a = await signedIn('phone-offline');
    const slug = `arch${Date.now().toString(36)}`;
    const id = await createLink(a, 'https://before.example/', slug);
    await a.setViewportSize({ width: 390, height: 844 });
    await a.reload();
    await a.getByRole('button', { name: 'Save changes' }).waitFor();
    await a.context().setOffline(true);
    await a.getByLabel('Title', { exact: true }).fill('Typed offline');
    await a.getByLabel('Destination URL').fill('https://typed-offline.example/');
    await a.getByRole('button', { name: 'Save changes' }).click();
    await a.locator('[role=status][data-pending="1"]').waitFor();
    // Meanwhile a teammate archives the link on their own device.
    const b = await signedIn('teammate');
    await b.goto(`${h.base}/links/${id}`);
    await b.getByRole('button', { name: 'Archive', exact: true }).click();
    await eventually(
      () => h.sql('SELECT 1 FROM links WHERE id = $1 AND archived_at IS NOT NULL', [id]),
      (rows) => rows.length === 1,
    );
    await b.context().close();

    await a.context().setOffline(false);
    await a.getByText('this item is archived. Restore it to edit it.').first().waitFor();
    expect(await a.getByLabel('Title', { exact: true }).inputValue()).toBe('Typed offline');
    await a.getByRole('button', { name: 'Restore', exact: true }).click();
    const save = a.getByRole('button', { name: 'Save changes' });
    const notice = a.getByTestId('stale-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toMatch(/\((Title, Destination URL|Destination URL, Title)\)/);
    expect(await save.isDisabled()).toBe(true);
    // Scrolled to Save, the choice is on the same screen: the phone user need not hunt for it.
    await save.scrollIntoViewIfNeeded();
    const [noticeBox, saveBox] = await Promise.all([notice.boundingBox(), save.boundingBox()]);
    expect((saveBox?.y ?? 0) - (noticeBox?.y ?? -10_000)).toBeLessThan(400);
    await notice.getByRole('button', { name: 'Keep mine' }).click();
    await save.click();
    await eventually(
      () =>
        h.sql<{ title: string; destination_url: string; archived: boolean }>(
          'SELECT title, destination_url, archived_at IS NOT NULL AS archived FROM links WHERE id = $1',
          [id],
        ),
      (rows) => rows[0]?.title === 'Typed offline',
    ).then(([row]) =>
      expect(row).toEqual({
        title: 'Typed offline',
        destination_url: 'https://typed-offline.example/',
        archived: false,
      }),
    );
    await a.context().close();
  }, 120_000);
});

describe('the page builder', () => {
  it('edits a social block of three networks and keeps all of them', async () => {
    const page = await signedIn('social');
    const handle = `social${Date.now().toString(36)}`;
    await createPage(page, handle);
    await page.getByLabel('Add a block').selectOption('social');
    await page.getByRole('button', { name: 'Add network' }).click();
    await page.getByRole('button', { name: 'Add network' }).click();
    const networks = [
      ['instagram', 'https://instagram.com/ines'],
      ['tiktok', 'https://tiktok.com/@ines'],
      ['mastodon', 'https://mastodon.social/@ines'],
    ] as const;
    for (const [i, [network, url]] of networks.entries()) {
      await page.getByLabel(`Network ${i + 1}`, { exact: true }).fill(network);
      await page.getByLabel(`Profile URL ${i + 1}`, { exact: true }).fill(url);
    }
    await page.getByRole('button', { name: 'Add social link' }).click();
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByTestId('social-row').count()).toBe(3);
    await page.getByLabel('Profile URL 2', { exact: true }).fill('https://tiktok.com/@ines.prints');
    await page.getByRole('button', { name: 'Save block' }).click();

    const [block] = await eventually(
      () =>
        h.sql<{ data: { links: Array<{ network: string; url: string }> } }>(
          "SELECT b.data FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id WHERE p.handle = $1 AND b.type = 'social'",
          [handle],
        ),
      (rows) => rows[0]?.data.links[1]?.url === 'https://tiktok.com/@ines.prints',
    );
    expect(block?.data.links.map((l) => l.network)).toEqual(['instagram', 'tiktok', 'mastodon']);
    await page.context().close();
  }, 120_000);

  it('keeps the line breaks of a bio and lets the user type a new one', async () => {
    const page = await signedIn('bio-lines');
    const handle = `lines${Date.now().toString(36)}`;
    await createPage(page, handle);
    const bio = page.getByLabel('Bio', { exact: true });
    const bioOnServer = (expected: string) =>
      eventually(
        () => h.sql<{ bio: string }>('SELECT bio FROM bio_pages WHERE handle = $1', [handle]),
        (rows) => rows[0]?.bio === expected,
        10_000,
      );
    await bio.fill('Prints from Porto.');
    await bio.press('Enter');
    await bio.pressSequentially('Shipping worldwide.');
    await page.getByRole('button', { name: 'Save text' }).click();
    // The press is answered, like the other forms' saves.
    await page.getByTestId('text-saved').filter({ hasText: 'Saved.' }).waitFor();
    await bioOnServer('Prints from Porto.\nShipping worldwide.');
    // Edited again after a reload: the first line break survives an edit of the text around it.
    await page.reload();
    await bio.waitFor();
    expect(await bio.inputValue()).toBe('Prints from Porto.\nShipping worldwide.');
    await bio.press('Control+End');
    await bio.pressSequentially(' Since 2019.');
    await page.getByRole('button', { name: 'Save text' }).click();
    await bioOnServer('Prints from Porto.\nShipping worldwide. Since 2019.');
    await page.context().close();
  }, 120_000);

  it('moves a block to the top of a page whose stored order keys the library refuses', async () => {
    const page = await signedIn('move');
    const handle = `move${Date.now().toString(36)}`;
    await createPage(page, handle);
    await addBlock(page, 'header', { 'Heading text': 'First' }, 'Add heading');
    await addBlock(page, 'header', { 'Heading text': 'Second' }, 'Add heading');
    await addBlock(page, 'header', { 'Heading text': 'Third' }, 'Add heading');
    const ids = await eventually(
      () =>
        h.sql<{ id: string }>(
          'SELECT b.id FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id WHERE p.handle = $1 ORDER BY b.position COLLATE "C", b.id',
          [handle],
        ),
      (rows) => rows.length === 3,
    );
    // The keys an old seed wrote (`a000`…), which fractional-indexing refuses as "invalid order key".
    for (const [i, row] of ids.entries())
      await h.sql('UPDATE bio_blocks SET position = $2, updated_at = now() WHERE id = $1', [
        row.id,
        `a00${i}`,
      ]);
    await page.reload();
    await page.locator('.blocks-list > li').nth(2).waitFor();
    // The store has pulled the refused keys (a reload first shows the keys it kept in IndexedDB).
    await eventually(
      () => page.locator('.blocks-list > li').first().getAttribute('data-position'),
      (v) => v === 'a000',
    );
    expect(await page.locator('.blocks-list > li').first().getAttribute('data-block-id')).toBe(ids[0]?.id);

    await page.getByRole('button', { name: 'Move block 3 up' }).click();
    // The list shows the move (store answers render as transitions, late on a busy machine) before
    // the next click: a button found by its label on the old list follows its block when the list
    // re-renders, so "Move block 2 up" would be Second's button, now third, and move Second instead.
    await eventually(
      () => page.locator('.blocks-list > li').nth(1).getAttribute('data-block-id'),
      (v) => v === ids[2]?.id,
    );
    await page.getByRole('button', { name: 'Move block 2 up' }).click();
    const order = await eventually(
      () =>
        h.sql<{ text: string }>(
          `SELECT b.data->>'text' AS text FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id WHERE p.handle = $1 ORDER BY b.position COLLATE "C"`,
          [handle],
        ),
      (rows) => rows[0]?.text === 'Third',
    );
    expect(order.map((r) => r.text)).toEqual(['Third', 'First', 'Second']);
    await eventually(
      () => page.locator('.blocks-list > li').evaluateAll((lis) => lis.map((li) => li.dataset.blockId)),
      (shown) => shown.join() === [ids[2], ids[0], ids[1]].map((r) => r?.id).join(),
    );
    expect(await page.getByRole('alert').filter({ hasText: 'did not work' }).count()).toBe(0);
    await page.context().close();
  }, 120_000);

  it('brings back what was typed, with the server’s notice, when it refuses a new page', async () => {
    // Another account holds the handle on the shared bio host; this workspace's store cannot know that.
    const other = await signUpOverApi(h.base, 'Olga', newEmail('olga'));
    const headers = { Authorization: `Bearer ${other.token}`, 'Content-Type': 'application/json' };
    const keyRes = await h.app.request(`/api/workspaces/${other.workspaceId}/api-keys`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'e2e', scopes: ['pages:write'] }),
    });
    expect(keyRes.status, await keyRes.clone().text()).toBe(201);
    const { key } = ((await keyRes.json()) as { data: { key: string } }).data;
    const handle = `taken${Date.now().toString(36)}`;
    const created = await h.app.request('/v1/pages', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ handle, title: 'Olga' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);

    const page = await signedIn('refused-page');
    await section(page, 'Bio pages');
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Typed by Ines');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('alert').filter({ hasText: 'What you typed is kept' }).waitFor({ timeout: 20_000 });
    expect(await page.getByLabel('Handle').inputValue()).toBe(handle);
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Typed by Ines');
    await page.context().close();
  }, 120_000);

  it('adds a Call button (tel:), publishes it, and a tap at the edge opens the phone app', async () => {
    const page = await signedIn('call-block');
    const handle = `call${Date.now().toString(36)}`;
    await createPage(page, handle);
    await addBlock(
      page,
      'link',
      { 'Button text': 'Call the shop', URL: 'tel:+351210000000' },
      'Add link button',
    );
    await publishPage(page);
    const call = await publishedBlock(handle, (b) => b.data.url === 'tel:+351210000000');
    // Refused by the server before, with a notice that only http(s) addresses may be destinations
    // (this user's notices from earlier tests may be on screen: only this block's matters).
    expect(await page.getByRole('alert').filter({ hasText: 'Call the shop' }).count()).toBe(0);
    // The published snapshot reaches the edge's cache a moment after the commit.
    const tap = await eventually(
      () => edge.visit(h.deps.config.BIO_HOST, `/${handle}/l/${call.id}`),
      (answer) => answer.status === 302,
    );
    expect(tap).toEqual({ status: 302, location: 'tel:+351210000000' });
    await page.context().close();
  }, 120_000);

  it('adds an email sign-up block with its consent text and double opt-in, publishes it, and opens its leads', async () => {
    const page = await signedIn('signup-block');
    const handle = `lead${Date.now().toString(36)}`;
    await createPage(page, handle);
    await page.getByLabel('Add a block').selectOption('email_capture');
    await page.getByTestId('email-capture-note').waitFor();
    expect(await page.getByLabel('Consent text').inputValue()).toContain('I can unsubscribe at any time.');
    await page.getByLabel('Heading', { exact: true }).fill('Newsletter');
    await page.getByLabel('Button label').fill('Join');
    await page.getByLabel('Consent text').fill('Send me the monthly letter.');
    await page.getByLabel('Double opt-in: mail a confirmation link first').check();
    await page.getByRole('button', { name: 'Add email sign-up' }).click();
    await publishPage(page);
    const signUp = await publishedBlock(handle, (b) => b.type === 'email_capture');
    expect(signUp.data).toMatchObject({
      consent_text: 'Send me the monthly letter.',
      double_opt_in: true,
    });
    await page.getByRole('link', { name: 'Leads of this page' }).click();
    await page.getByRole('heading', { name: `Leads of @${handle}` }).waitFor();
    await page.getByText('No sign-ups yet.').waitFor();

    // A sign-up arrives; the sign-in is older than the step-up window: the addresses wait for the password.
    // It records the draft revision the live page was published from, as the edge does.
    const [bio] = await h.sql<{ id: string; published_revision: number }>(
      'SELECT id, published_revision FROM bio_pages WHERE handle = $1',
      [handle],
    );
    expect(bio?.published_revision).toBeGreaterThan(1);
    await h.sql(
      `INSERT INTO leads (workspace_id, page_id, email, consent_text, consented_at, page_revision)
       VALUES ($1, $2, 'reader@example.com', 'Send me the monthly letter.', now(), $3)`,
      [workspaceId, bio?.id, bio?.published_revision],
    );
    await h.sql(
      "UPDATE sessions SET reauthenticated_at = now() - interval '1 hour' WHERE user_id = (SELECT id FROM users WHERE email = $1)",
      [email],
    );
    await page.reload();
    const confirm = page.getByRole('form', { name: 'Confirm your password' });
    await confirm.getByLabel('Password').fill(PASSWORD);
    await confirm.getByRole('button', { name: 'Show the leads' }).click();
    await page.getByRole('list', { name: 'Leads' }).getByText('reader@example.com').waitFor();
    expect(await confirm.count()).toBe(0);
    // The version the reader agreed on by the number the page's history shows ("Version 1"), not
    // the draft revision it was published from.
    await page
      .getByRole('list', { name: 'Leads' })
      .getByText('Agreed to: “Send me the monthly letter.” (page version 1)')
      .waitFor();
    await page.context().close();
  }, 120_000);
});

describe('the QR designer', () => {
  it('does not save a design with a problem, and saves once it is fixed', async () => {
    const page = await signedIn('qr');
    await section(page, 'QR codes');
    await page.getByRole('button', { name: 'New QR code' }).click();
    await page.getByLabel('Destination URL').fill('https://menu.example/');
    await page.getByLabel('Foreground').fill('#ffffff');
    await page.getByLabel('Background').fill('#000000');
    await page.getByText(/problems? to fix before it prints/).waitFor();
    const create = page.getByRole('button', { name: 'Create QR code' });
    expect(await create.isDisabled()).toBe(true);
    await page.getByText(/^Fix the (problem|\d+ problems) in the design first/).waitFor();
    await page.getByRole('button', { name: 'Swap to dark on light' }).click();
    await page.getByText('✓ Scannable design').waitFor();
    await create.click();
    await eventually(
      () =>
        h.sql(
          "SELECT 1 FROM qr_codes WHERE workspace_id = $1 AND destination_url = 'https://menu.example/'",
          [workspaceId],
        ),
      (rows) => rows.length === 1,
    );
    await page.context().close();
  }, 120_000);
});

import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectPool } from '@linkhub/shared/server/db/pool';
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
import { eventually } from '../launcher/wait';
import { visitEdge } from '../launcher/edge';

/**
 * Folders, notes and workspace UTM presets (D-620, D-621, D-623) on the stack as `npm start` runs
 * it, in Chromium at 390 px: create a folder, move two links into it from the list, filter by it,
 * add a private note and apply a preset of the workspace's own; then the edge's redirect carries the
 * preset's UTMs and never the note.
 */
const tag = randomBytes(3).toString('hex');
/** LINK_FOLDERS_SCREENSHOTS=<dir> keeps full-page screenshots of the list and the editor, to look at. */
const shoot = async (page: Page, name: string) => {
  const dir = process.env.LINK_FOLDERS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
};

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

async function createLink(title: string, slug: string): Promise<string> {
  const res = await fetch(`${stack.demo.sync_url}/v1/links`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${stack.demo.api_key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ destination_url: `https://example.com/${slug}`, slug, title }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

describe('link folders, notes and UTM presets at 390 px', () => {
  it('a folder, two links moved into it, the folder filter, a note and a workspace preset', async () => {
    const phone = VIEWPORTS.find((v) => v.name === 'phone') ?? { name: 'phone', width: 390, height: 844 };
    const first = `Flyer ${tag}`;
    const second = `Poster ${tag}`;
    const firstId = await createLink(first, `flyer-${tag}`);
    const secondId = await createLink(second, `poster-${tag}`);
    const folderName = `Spring ${tag}`;
    const presetName = `Spring mail ${tag}`;

    const context = await newContext(browser, phone);
    const page = await newPage(context, 'folders');
    try {
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
      await openSection(page, 'Links');
      await page.getByRole('button', { name: `Edit ${second}` }).waitFor();

      // A folder of the workspace's own, made from the list.
      const folders = page.getByRole('navigation', { name: 'Folders' });
      await folders.getByRole('button', { name: 'New folder' }).click();
      const newFolder = page.getByRole('form', { name: 'New folder' });
      await newFolder.getByLabel('Folder name').fill(folderName);
      await newFolder.getByRole('button', { name: 'Create folder' }).click();
      await folders.getByRole('button', { name: `${folderName} (0)` }).waitFor();
      await expectFits(page, 'links with a new folder');

      // Both links picked in the list and moved in one go.
      await folders.getByRole('button', { name: /^All links/ }).click();
      await page.getByRole('checkbox', { name: `Select ${first}` }).check();
      await page.getByRole('checkbox', { name: `Select ${second}` }).check();
      const selection = page.getByRole('group', { name: 'Selected links' });
      await selection.getByLabel('Move to folder').selectOption({ label: folderName });
      await selection.getByRole('button', { name: 'Move' }).click();
      await page.getByText(`Moved 2 links to “${folderName}”.`).waitFor();

      // The folder filter shows exactly those two.
      await folders.getByRole('button', { name: `${folderName} (2)` }).click();
      await page.getByText(/^2 of \d+ links$/).waitFor();
      const rows = page.getByRole('rowgroup', { name: 'Link rows' }).getByRole('row');
      expect((await rows.allTextContents()).length).toBe(2);
      await shoot(page, 'folder-filter-390');
      await expectFits(page, 'links filtered by folder');

      // A UTM preset of the workspace's own, made on its screen.
      await page.getByRole('button', { name: 'UTM presets' }).click();
      const presets = page.getByRole('region', { name: 'UTM presets' });
      await presets.getByRole('button', { name: 'Edit Newsletter' }).waitFor();
      const presetForm = presets.getByRole('form', { name: 'New UTM preset' });
      await presetForm.getByLabel('Preset name').fill(presetName);
      await presetForm.getByLabel('Preset utm_source').fill('newsletter');
      await presetForm.getByLabel('Preset utm_medium').fill('email');
      await presetForm.getByLabel('Preset utm_campaign').fill(`spring-${tag}`);
      await presetForm.getByRole('button', { name: 'Add preset' }).click();
      await presets.getByText(`Saved the preset “${presetName}”.`).waitFor();
      await expectFits(page, 'UTM presets');
      await presets.getByRole('button', { name: 'Close presets' }).click();

      // A note and the preset on one link, saved from the editor.
      await page.getByRole('button', { name: `Edit ${first}` }).click();
      const editor = page.getByRole('region', { name: `Link ${first}` });
      await editor.getByLabel('Folder').waitFor();
      expect(await editor.getByLabel('Folder').inputValue()).not.toBe('');
      await editor
        .getByLabel('Note (private to your team)')
        .fill('Printed on 500 flyers; do not change the slug.');
      await editor
        .getByRole('group', { name: 'UTM presets' })
        .getByRole('button', { name: presetName })
        .click();
      expect(await editor.getByLabel('utm_campaign').inputValue()).toBe(`spring-${tag}`);
      await editor.getByRole('button', { name: 'Save changes' }).click();
      await shoot(page, 'editor-note-preset-390');
      await expectFits(page, 'link editor with folder, note and preset');

      const [stored] = await eventually(
        () =>
          sql<{ folder: string | null; note: string | null; utm: Record<string, string> }>(
            `SELECT f.name AS folder, l.note, l.utm FROM links l LEFT JOIN link_folders f ON f.id = l.folder_id WHERE l.id = $1`,
            [firstId],
          ),
        (found) => found[0]?.note !== null && found[0]?.utm.campaign === `spring-${tag}`,
      );
      expect(stored).toEqual({
        folder: folderName,
        note: 'Printed on 500 flyers; do not change the slug.',
        utm: { source: 'newsletter', medium: 'email', campaign: `spring-${tag}` },
      });
      expect(
        await sql('SELECT folder_id IS NOT NULL AS in_folder FROM links WHERE id = $1', [secondId]),
      ).toEqual([{ in_folder: true }]);

      // The redirect carries the preset's UTMs; the note is nowhere on the public path.
      const visit = await eventually(
        () => visitEdge(stack.ports.edge, stack.demo.link_host, `/flyer-${tag}`),
        (answer) => (answer.location ?? '').includes(`utm_campaign=spring-${tag}`),
      );
      expect(visit.status).toBe(302);
      expect(visit.location).toContain('utm_source=newsletter');
      expect(visit.location).not.toContain('flyers');
    } finally {
      await context.close();
    }
  }, 180_000);
});

import { randomUUID } from 'node:crypto';
import { generateKeyBetween } from 'fractional-indexing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldChanges } from './change-record';
import { createSyncHarness, type SyncHarness } from '../testing/sync-harness';
import { pushAs } from '../testing/push';

/**
 * Every update command writes one change record: only the fields that changed, each before and
 * after, with the device it came from (a browser-family label, never the User-Agent).
 */
let h: SyncHarness;
let owner: { token: string; userId: string; workspaceId: string };
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

beforeAll(async () => {
  h = await createSyncHarness();
  owner = await h.signUp('Ada');
  await h.sql("UPDATE users SET email_verified_at = now(), name = 'Ada'");
  await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [owner.workspaceId]);
});
afterAll(async () => h.close());

async function push(name: string, args: Record<string, unknown>, userAgent = 'vitest'): Promise<void> {
  expect(await pushAs(h, owner, name, args, userAgent)).toBeNull();
}

type Case = {
  kind: string;
  /** Creates the resource; returns whose history it is and the update to push. */
  setup: (
    ws: string,
  ) => Promise<{ type: string; id: string; mutation: string; args: Record<string, unknown> }>;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
};

const CASES: Case[] = [
  {
    kind: 'link',
    setup: async (ws) => {
      const id = randomUUID();
      await push('createLink', {
        id,
        workspace_id: ws,
        destination_url: 'https://example.com/a',
        title: 'Old',
      });
      // The destination is sent unchanged: only the title moved.
      const args = { id, workspace_id: ws, title: 'New', destination_url: 'https://example.com/a' };
      return { type: 'link', id, mutation: 'updateLink', args };
    },
    before: { title: 'Old' },
    after: { title: 'New' },
  },
  {
    kind: 'qr_code',
    setup: async (ws) => {
      const id = randomUUID();
      await push('createQrCode', {
        id,
        workspace_id: ws,
        destination_url: 'https://example.com/a',
        title: 'Menu',
      });
      const args = { id, workspace_id: ws, destination_url: 'https://example.com/b' };
      return { type: 'qr_code', id, mutation: 'updateQrCode', args };
    },
    before: { destination_url: 'https://example.com/a' },
    after: { destination_url: 'https://example.com/b' },
  },
  {
    kind: 'bio_page',
    setup: async (ws) => {
      const id = randomUUID();
      await push('createPage', { id, workspace_id: ws, handle: `h-${id.slice(0, 8)}`, title: 'Page' });
      const args = { id, workspace_id: ws, title: 'Page two', theme: { background: '#000000' } };
      return { type: 'bio_page', id, mutation: 'updatePage', args };
    },
    before: { title: 'Page', 'theme.background': null },
    after: { title: 'Page two', 'theme.background': '#000000' },
  },
  {
    kind: 'block edit',
    setup: async (ws) => {
      const page = randomUUID();
      const block = randomUUID();
      await push('createPage', { id: page, workspace_id: ws, handle: `b-${page.slice(0, 8)}`, title: 'P' });
      await push('addBlock', {
        id: block,
        page_id: page,
        workspace_id: ws,
        type: 'link',
        data: { title: 'Shop', url: 'https://example.com/shop' },
        position: generateKeyBetween(null, null),
      });
      const args = { id: block, page_id: page, workspace_id: ws, data: { title: 'Store' } };
      return { type: 'bio_page', id: page, mutation: 'updateBlock', args };
    },
    before: { 'data.title': 'Shop' },
    after: { 'data.title': 'Store' },
  },
  {
    kind: 'block add',
    setup: async (ws) => {
      const page = randomUUID();
      await push('createPage', { id: page, workspace_id: ws, handle: `a-${page.slice(0, 8)}`, title: 'P' });
      const args = {
        id: randomUUID(),
        page_id: page,
        workspace_id: ws,
        type: 'header',
        data: { text: 'Hello' },
        position: generateKeyBetween(null, null),
      };
      return { type: 'bio_page', id: page, mutation: 'addBlock', args };
    },
    before: { type: null, 'data.text': null, is_visible: null, position: null },
    after: { type: 'header', 'data.text': 'Hello', is_visible: true, position: 'a0' },
  },
  {
    kind: 'experiment',
    setup: async (ws) => {
      const link = randomUUID();
      await push('createLink', { id: link, workspace_id: ws, destination_url: 'https://example.com/p' });
      const id = randomUUID();
      await push('createExperiment', {
        id,
        workspace_id: ws,
        resource_type: 'link',
        resource_id: link,
        name: 'Spring test',
        variants: [
          { key: 'a', name: 'A', weight: 5000 },
          { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/pb' },
        ],
        variant_ids: [randomUUID(), randomUUID()],
      });
      return {
        type: 'experiment',
        id,
        mutation: 'updateExperiment',
        args: { id, workspace_id: ws, name: 'Summer test' },
      };
    },
    before: { name: 'Spring test' },
    after: { name: 'Summer test' },
  },
  {
    kind: 'domain',
    setup: async (ws) => {
      const id = randomUUID();
      await push('addDomain', {
        id,
        workspace_id: ws,
        hostname: `go-${id.slice(0, 8)}.example.net`,
        purpose: 'links',
      });
      const args = { id, workspace_id: ws, not_found_url: 'https://example.com/missing' };
      return { type: 'domain', id, mutation: 'updateDomain', args };
    },
    before: { not_found_url: null },
    after: { not_found_url: 'https://example.com/missing' },
  },
  {
    kind: 'workspace settings',
    setup: async (ws) => {
      const [row] = await h.sql<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [ws]);
      expect(row?.name).not.toBe('Renamed');
      return {
        type: 'workspace',
        id: ws,
        mutation: 'updateWorkspaceSettings',
        args: { workspace_id: ws, name: 'Renamed' },
      };
    },
    before: { name: 'WORKSPACE_NAME' },
    after: { name: 'Renamed' },
  },
];

describe('every update command records its changed fields, before and after, with the device', () => {
  it.each(CASES)('$kind', async (c) => {
    const [ws] = await h.sql<{ name: string }>('SELECT name FROM workspaces WHERE id = $1', [
      owner.workspaceId,
    ]);
    const target = await c.setup(owner.workspaceId);
    await push(target.mutation, target.args, ANDROID_CHROME);
    const [entry] = await h.sql<{
      changes: Record<string, unknown>;
      metadata: Record<string, unknown>;
      actor_user_id: string;
    }>(
      `SELECT changes, metadata, actor_user_id FROM audit_log_entries
        WHERE resource_type = $1 AND resource_id = $2 ORDER BY id DESC LIMIT 1`,
      [target.type, target.id],
    );
    const expectedBefore = JSON.parse(
      JSON.stringify(c.before).replace('"WORKSPACE_NAME"', JSON.stringify(ws?.name)),
    ) as unknown;
    expect(entry?.changes).toEqual({ before: expectedBefore, after: c.after });
    expect(entry?.metadata.device).toBe('Chrome on Android');
    expect(entry?.actor_user_id).toBe(owner.userId);
    // The hard promise: no User-Agent (nor any part of it) is stored with the change.
    expect(JSON.stringify(entry)).not.toContain('Pixel');
  });

  it('keeps a QR destination change forever and other changes as long as the plan keeps history', async () => {
    const rows = await h.sql<{ resource_type: string; forever: boolean; days: number | null }>(
      `SELECT resource_type, retention_expires_at IS NULL AS forever,
              round(extract(epoch FROM retention_expires_at - occurred_at) / 86400)::int AS days
         FROM audit_log_entries WHERE action IN ('qr_code.destination_changed', 'link.destination_changed')`,
    );
    expect(rows.map((r) => [r.resource_type, r.forever])).toEqual(
      expect.arrayContaining([
        ['qr_code', true],
        ['link', false],
      ]),
    );
    // Pro keeps change history 1095 days (plans.ts); a link's destination is no QR code's.
    expect(rows.find((r) => r.resource_type === 'link')?.days).toBe(1095);
  });
});

describe('fieldChanges', () => {
  it('keeps only moved fields; dates as ISO strings; merged jsonb per key; key order does not matter', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(
      fieldChanges(
        { title: 'A', slug: 's', starts_at: null, utm: { b: 1, a: 2 }, theme: { bg: '#fff', fg: '#000' } },
        { title: 'B', slug: 's', starts_at: at, utm: { a: 2, b: 1 }, theme: { bg: '#fff', fg: '#111' } },
        ['title', 'slug', 'starts_at', 'utm', 'theme'],
        ['theme'],
      ),
    ).toEqual({
      before: { title: 'A', starts_at: null, 'theme.fg': '#000' },
      after: { title: 'B', starts_at: '2026-01-02T03:04:05.000Z', 'theme.fg': '#111' },
    });
  });
});

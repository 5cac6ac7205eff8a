import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { linkArgs, startCommandKit, type CommandKit } from '../../testing/command-kit';

/** The QR code commands, driven by mutator name: the printed address never moves, never frees. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit('pro');
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);
type QrRow = {
  slug: string;
  title: string | null;
  destination_url: string | null;
  last_good_destination: string | null;
  design_revision: number;
  current_version: number;
  archived: boolean;
};
async function row(id: string): Promise<QrRow | undefined> {
  const [found] = await kit.sql<QrRow>(
    `SELECT slug, title, destination_url, last_good_destination, design_revision, current_version,
            archived_at IS NOT NULL AS archived FROM qr_codes WHERE id = $1`,
    [id],
  );
  return found;
}
async function createQr(slug: string): Promise<string> {
  const id = randomUUID();
  expect(
    await kit.push('createQrCode', {
      id,
      workspace_id: ws,
      destination_url: 'https://example.com/menu',
      slug,
      title: 'Menu',
    }),
  ).toBeNull();
  return id;
}

describe('createQrCode', () => {
  it('reserves its slug on the host and remembers its destination as the last good one', async () => {
    const id = await createQr('menu-1');
    expect(await row(id)).toMatchObject({
      slug: 'menu-1',
      last_good_destination: 'https://example.com/menu',
      design_revision: 1,
    });
    expect(await kit.sql('SELECT 1 FROM qr_slug_reservations WHERE qr_code_id = $1', [id])).toHaveLength(1);
    expect(await kit.push('createLink', linkArgs(ws, { slug: 'menu-1' }))).toBe('qr_slug_reserved');
  });

  it('refuses a destination on a private network, writing nothing', async () => {
    const id = randomUUID();
    expect(
      await kit.push('createQrCode', {
        id,
        workspace_id: ws,
        destination_url: 'https://intranet.example.com/',
      }),
    ).toBe('destination_unsafe');
    expect(await row(id)).toBeUndefined();
  });

  it('refuses a design no scanner can read (no contrast) as qr_unscannable, naming the colour to fix', async () => {
    const id = randomUUID();
    const code = await kit.push('createQrCode', {
      id,
      workspace_id: ws,
      destination_url: 'https://example.com/x',
      design: { fgColor: '#fefefe', bgColor: '#ffffff' },
    });
    expect(code).toBe('qr_unscannable');
    expect((await kit.notices()).at(-1)?.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'fgColor', issue: 'low_contrast' })]),
    );
    expect(await row(id)).toBeUndefined();
  });
});

describe('updateQrCode', () => {
  it('re-points: the destination, the last good destination and the key follow; the slug stays', async () => {
    const id = await createQr('menu-2');
    expect(
      await kit.push('updateQrCode', { id, workspace_id: ws, destination_url: 'https://example.com/dinner' }),
    ).toBeNull();
    expect(await row(id)).toMatchObject({
      slug: 'menu-2',
      destination_url: 'https://example.com/dinner',
      last_good_destination: 'https://example.com/dinner',
      current_version: 2,
    });
    expect(await kit.deps.redis.get(keyOf('menu-2'))).toContain('https://example.com/dinner');
    const [entry] = await kit.sql<{ action: string; forever: boolean }>(
      "SELECT action, retention_expires_at IS NULL AS forever FROM audit_log_entries WHERE resource_id = $1 AND action LIKE '%destination%'",
      [id],
    );
    expect(entry).toEqual({ action: 'qr_code.destination_changed', forever: true });
  });

  it('a restyle bumps the design revision; a title change does not', async () => {
    const id = await createQr('menu-3');
    expect(await kit.push('updateQrCode', { id, workspace_id: ws, title: 'Lunch menu' })).toBeNull();
    expect(await row(id)).toMatchObject({ title: 'Lunch menu', design_revision: 1 });
    expect(
      await kit.push('updateQrCode', {
        id,
        workspace_id: ws,
        design: { fgColor: '#112233', bgColor: '#ffffff' },
      }),
    ).toBeNull();
    expect(await row(id)).toMatchObject({ design_revision: 2, current_version: 3 });
  });

  it('a slug is no field of an update: the address of a printed code cannot move', async () => {
    const id = await createQr('menu-4');
    expect(await kit.push('updateQrCode', { id, workspace_id: ws, slug: 'elsewhere' })).toBe(
      'validation_failed',
    );
    expect((await row(id))?.slug).toBe('menu-4');
  });

  it('an unsafe re-point keeps the last good destination', async () => {
    const id = await createQr('menu-5');
    expect(
      await kit.push('updateQrCode', {
        id,
        workspace_id: ws,
        destination_url: 'https://intranet.example.com/x',
      }),
    ).toBe('destination_unsafe');
    expect(await row(id)).toMatchObject({ destination_url: 'https://example.com/menu', current_version: 1 });
  });
});

describe('archive and restore', () => {
  it('archiving keeps the slug reserved and the key in place; restore brings the code back', async () => {
    const id = await createQr('menu-6');
    expect(await kit.push('archiveQrCode', { id, workspace_id: ws })).toBeNull();
    expect(await row(id)).toMatchObject({ archived: true });
    expect(await kit.deps.redis.exists(keyOf('menu-6'))).toBe(1);
    expect(await kit.push('createLink', linkArgs(ws, { slug: 'menu-6' }))).toBe('qr_slug_reserved');
    expect(await kit.push('restoreQrCode', { id, workspace_id: ws })).toBeNull();
    expect(await row(id)).toMatchObject({ archived: false, current_version: 3 });
    const actions = await kit.sql<{ action: string }>(
      'SELECT action FROM audit_log_entries WHERE resource_id = $1 ORDER BY id',
      [id],
    );
    expect(actions.map((a) => a.action)).toEqual(['qr_code.created', 'qr_code.archived', 'qr_code.restored']);
  });
});

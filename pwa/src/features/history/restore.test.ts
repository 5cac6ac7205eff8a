import { describe, expect, it } from 'vitest';
import type { HistoryField } from '@linkhub/shared/schemas/history';
import { restoreFor, restoreValue } from './restore';
import type { Rep } from '../../replicache/create-rep';

const ids = {
  id: '0190a0b0-0000-7000-8000-000000000001',
  workspaceId: '0190a0b0-0000-7000-8000-000000000002',
  block: '0190a0b0-0000-7000-8000-000000000003',
};

/** What a restore sends: the mutation name and its arguments, recorded by a stand-in mutate. */
async function sent(restore: ReturnType<typeof restoreFor>): Promise<[string, unknown] | null> {
  if (!restore) return null;
  let call: [string, unknown] | null = null;
  const mutate = new Proxy(
    {},
    {
      get:
        (_t, name) =>
        async (args: unknown): Promise<void> => {
          call = [String(name), args];
        },
    },
  );
  await restore({ mutate } as Rep);
  return call;
}

describe('restoreFor', () => {
  it('sends the resource’s own update for that one field', async () => {
    const link = { type: 'link' as const, id: ids.id, workspaceId: ids.workspaceId };
    expect(await sent(restoreFor(link, { block_id: null }, 'title', 'Spring sale'))).toEqual([
      'updateLink',
      { id: ids.id, workspace_id: ids.workspaceId, title: 'Spring sale' },
    ]);
    const page = { type: 'bio_page' as const, id: ids.id, workspaceId: ids.workspaceId };
    expect(await sent(restoreFor(page, { block_id: null }, 'theme.background', '#000000'))).toEqual([
      'updatePage',
      { id: ids.id, workspace_id: ids.workspaceId, theme: { background: '#000000' } },
    ]);
    expect(await sent(restoreFor(page, { block_id: ids.block }, 'data.title', 'Shop'))).toEqual([
      'updateBlock',
      { id: ids.block, page_id: ids.id, workspace_id: ids.workspaceId, data: { title: 'Shop' } },
    ]);
  });

  it('offers nothing for a field no update sets, or a value the update would refuse', () => {
    const link = { type: 'link' as const, id: ids.id, workspaceId: ids.workspaceId };
    const page = { type: 'bio_page' as const, id: ids.id, workspaceId: ids.workspaceId };
    const qr = { type: 'qr_code' as const, id: ids.id, workspaceId: ids.workspaceId };
    expect(restoreFor(link, { block_id: null }, 'host', 'go.example')).toBeNull();
    expect(restoreFor(link, { block_id: null }, 'destination_url', 'javascript:alert(1)')).toBeNull();
    expect(restoreFor(qr, { block_id: null }, 'design', { fgColor: 'red' })).toBeNull();
    expect(restoreFor(page, { block_id: null }, 'title', null)).toBeNull();
    expect(restoreFor(page, { block_id: ids.block }, 'position', 'a 0')).toBeNull();
    // A removal is undone, never redone from history: only "not removed" is restorable.
    expect(restoreFor(page, { block_id: ids.block }, 'deleted_at', '2026-12-07T10:00:00.000Z')).toBeNull();
    // Split weights that no longer add up to 100 are not offered.
    const split = [
      { url: 'https://a.example/', weight: 60 },
      { url: 'https://b.example/', weight: 60 },
    ];
    expect(restoreFor(link, { block_id: null }, 'destinations', split)).toBeNull();
  });

  it('restores a link’s targeting rules and split, a QR code’s design, a block’s place and a removed block', async () => {
    const link = { type: 'link' as const, id: ids.id, workspaceId: ids.workspaceId };
    const ref = { id: ids.id, workspace_id: ids.workspaceId };
    const rules = [
      {
        id: 'r1',
        conditions: [{ kind: 'country', values: ['DE'] }],
        destination_url: 'https://shop.example/de',
      },
    ];
    expect(await sent(restoreFor(link, { block_id: null }, 'rules', rules))).toEqual([
      'updateLink',
      { ...ref, rules },
    ]);
    const split = [
      { id: '0190a0b0-0000-7000-8000-0000000000a1', url: 'https://a.example/', weight: 70 },
      { id: '0190a0b0-0000-7000-8000-0000000000a2', url: 'https://b.example/', weight: 30 },
    ];
    expect(await sent(restoreFor(link, { block_id: null }, 'destinations', split))).toEqual([
      'updateLink',
      { ...ref, destinations: split },
    ]);
    const qr = { type: 'qr_code' as const, id: ids.id, workspaceId: ids.workspaceId };
    const design = {
      fgColor: '#1a2b3c',
      bgColor: '#ffffff',
      moduleShape: 'dots',
      finderStyle: 'rounded',
      errorCorrection: 'auto',
      logo: null,
      frame: null,
      margin: 4,
      transparentBackground: false,
      allowInverted: false,
    };
    expect(await sent(restoreFor(qr, { block_id: null }, 'design', design))).toEqual([
      'updateQrCode',
      { ...ref, design },
    ]);
    // A Wi-Fi card's earlier network comes back as it was typed (the server keeps a code's kind, D-572).
    const wifi = {
      type: 'wifi',
      ssid: 'Café Nord',
      security: 'WPA',
      password: 'croissant;42',
      hidden: false,
    };
    expect(await sent(restoreFor(qr, { block_id: null }, 'payload', wifi))).toEqual([
      'updateQrCode',
      { ...ref, payload: wifi },
    ]);
    expect(await sent(restoreFor(qr, { block_id: null }, 'payload', { type: 'wifi', ssid: '' }))).toBeNull();
    const page = { type: 'bio_page' as const, id: ids.id, workspaceId: ids.workspaceId };
    const blockRef = { id: ids.block, page_id: ids.id, workspace_id: ids.workspaceId };
    expect(await sent(restoreFor(page, { block_id: ids.block }, 'position', 'a1'))).toEqual([
      'moveBlock',
      { ...blockRef, position: 'a1' },
    ]);
    expect(await sent(restoreFor(page, { block_id: ids.block }, 'deleted_at', null))).toEqual([
      'restoreBlock',
      blockRef,
    ]);
  });
});

describe('restoreValue', () => {
  const field = (name: string, before: unknown, after: unknown): HistoryField => ({
    field: name,
    before: before as HistoryField['before'],
    after: after as HistoryField['after'],
  });

  it('offers an older change’s value and nothing for the newest, which is the current one', () => {
    expect(restoreValue(field('title', 'A', 'B'), false)).toEqual({ offered: true, to: 'B' });
    expect(restoreValue(field('title', 'B', 'C'), true)).toEqual({ offered: false });
  });

  it('undoes the newest removal of a block, and offers nothing for an older one or a restore', () => {
    const removal = field('deleted_at', null, '2026-12-07T10:00:00.000Z');
    expect(restoreValue(removal, true)).toEqual({ offered: true, to: null });
    expect(restoreValue(removal, false)).toEqual({ offered: false });
    expect(restoreValue(field('deleted_at', '2026-12-07T10:00:00.000Z', null), true)).toEqual({
      offered: false,
    });
  });
});

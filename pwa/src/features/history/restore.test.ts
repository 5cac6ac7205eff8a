import { describe, expect, it } from 'vitest';
import { restoreFor } from './restore';
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
    expect(restoreFor(qr, { block_id: null }, 'design', {})).toBeNull();
    expect(restoreFor(page, { block_id: null }, 'title', null)).toBeNull();
    expect(restoreFor(page, { block_id: ids.block }, 'position', 'a0')).toBeNull();
  });
});

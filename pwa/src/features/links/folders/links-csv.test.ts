import { describe, expect, it } from 'vitest';
import type { FolderView, LinkView } from '@linkhub/shared/sync/views';
import { readLinksCsv } from '../import/csv-rows';
import { folderIdByName } from './folder-tree';
import { linksCsv } from './links-csv';

const folder = (id: string, name: string, parent_id: string | null = null): FolderView => ({
  id,
  workspace_id: 'w',
  name,
  parent_id,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});
const FOLDERS = [
  folder('0190a4c2-7c1e-7000-8000-00000000000a', 'Clients'),
  folder('0190a4c2-7c1e-7000-8000-00000000000b', 'Acme', '0190a4c2-7c1e-7000-8000-00000000000a'),
];
const link = (slug: string, folder_id: string | null, note: string | null): LinkView => ({
  id: slug,
  workspace_id: 'w',
  domain_id: 'd',
  host: 'lnk.example',
  slug,
  destination_url: `https://example.com/${slug}`,
  title: null,
  tags: ['a', 'b'],
  utm: { source: 'newsletter' },
  rules: [],
  destinations: [],
  status: 'active',
  starts_at: null,
  expires_at: null,
  archived_at: null,
  locked: false,
  qr_code_id: null,
  social_preview: null,
  ios_url: null,
  android_url: null,
  expired_url: null,
  has_password: false,
  max_clicks: null,
  click_count: 0,
  click_limit_reached_at: null,
  folder_id,
  note,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('the links CSV (folder and note columns)', () => {
  it('exports folder paths and notes that the import reads back into folder ids and notes', () => {
    const csv = linksCsv(
      [
        link('one', '0190a4c2-7c1e-7000-8000-00000000000b', 'Line one, "quoted"\nline two'),
        link('two', '0190a4c2-7c1e-7000-8000-00000000000a', '=SUM(A1)'),
        link('three', null, null),
      ],
      FOLDERS,
    );
    expect(csv.split('\r\n')[0]).toContain('folder,note');
    const reading = readLinksCsv(csv, folderIdByName(FOLDERS));
    if (reading.kind !== 'rows') throw new Error(reading.message);
    expect(reading.refused).toEqual([]);
    expect(reading.ready.map((r) => [r.link.slug, r.link.folder_id, r.link.note])).toEqual([
      ['one', '0190a4c2-7c1e-7000-8000-00000000000b', 'Line one, "quoted"\nline two'],
      ['two', '0190a4c2-7c1e-7000-8000-00000000000a', "'=SUM(A1)"],
      ['three', undefined, undefined],
    ]);
  });

  it('refuses a row naming a folder the workspace does not have', () => {
    const reading = readLinksCsv('url,folder\nhttps://a.example/,Nowhere\n', folderIdByName(FOLDERS));
    if (reading.kind !== 'rows') throw new Error(reading.message);
    expect(reading.refused).toEqual([{ row: 2, message: expect.stringContaining('Nowhere') }]);
    expect(reading.ready).toEqual([]);
  });
});

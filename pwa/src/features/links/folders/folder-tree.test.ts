import { describe, expect, it } from 'vitest';
import type { FolderView } from '@linkhub/shared/sync/views';
import { folderAndChildren, folderTree } from './folder-tree';

const f = (id: string, name: string, parent_id: string | null = null): FolderView => ({
  id,
  workspace_id: 'w',
  name,
  parent_id,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

describe('folderTree', () => {
  it('lists top-level folders by name, each followed by its subfolders; an orphaned subfolder is top-level', () => {
    const tree = folderTree([
      f('b', 'Zoo'),
      f('a', 'Acme'),
      f('c', 'Spring', 'a'),
      f('d', 'Autumn', 'a'),
      f('e', 'Lost', 'x'),
    ]);
    expect(tree.map((e) => [e.folder.name, e.depth])).toEqual([
      ['Acme', 0],
      ['Autumn', 1],
      ['Spring', 1],
      ['Lost', 0],
      ['Zoo', 0],
    ]);
    expect([...folderAndChildren([f('a', 'A'), f('c', 'C', 'a'), f('z', 'Z')], 'a')].sort()).toEqual([
      'a',
      'c',
    ]);
  });
});

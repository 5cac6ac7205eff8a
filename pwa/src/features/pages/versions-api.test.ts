import { describe, expect, it } from 'vitest';
import type { PageVersionView } from '@linkhub/shared/schemas/page-versions';
import { createVersionMemory, PAGES_KEPT, VERSIONS_STORAGE_KEY, type VersionStorage } from './versions-api';

function version(n: number): PageVersionView {
  return {
    version: n,
    kind: 'published',
    draft_revision: n,
    created_at: '2026-06-01T12:00:00.000Z',
    created_by: { name: 'Hilde', email: 'h@example.com' },
    block_count: n,
    snapshot: { title: `v${n}` },
  };
}

/** A device's storage: a Map, optionally refusing writes above `quota` characters like a full localStorage. */
function deviceStorage(quota = Infinity): VersionStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => {
      if (value.length > quota) throw new DOMException('full', 'QuotaExceededError');
      values.set(key, value);
    },
    removeItem: (key) => void values.delete(key),
  };
}

describe('the last-loaded version lists', () => {
  it('are still there after a restart of the app (a new memory over the same storage)', () => {
    const storage = deviceStorage();
    createVersionMemory(storage).remember('page-1', [version(2), version(1)]);
    const afterRestart = createVersionMemory(storage);
    expect(afterRestart.remembered('page-1')).toEqual([version(2), version(1)]);
    expect(afterRestart.remembered('page-2')).toBeNull();
  });

  it('keep the pages opened last, and a page opened again moves up', () => {
    const storage = deviceStorage();
    const memory = createVersionMemory(storage);
    for (let p = 0; p <= PAGES_KEPT; p += 1) memory.remember(`page-${p}`, [version(1)]);
    memory.remember('page-1', [version(3)]);
    memory.remember('page-extra', [version(1)]);
    const afterRestart = createVersionMemory(storage);
    expect(afterRestart.remembered('page-0')).toBeNull();
    expect(afterRestart.remembered('page-2')).toBeNull();
    expect(afterRestart.remembered('page-1')).toEqual([version(3)]);
    expect(afterRestart.remembered(`page-${PAGES_KEPT}`)).toEqual([version(1)]);
  });

  it('keep fewer pages when storage is full, and memory still answers for the rest', () => {
    const storage = deviceStorage(JSON.stringify([{ pageId: 'page-0', versions: [version(1)] }]).length + 10);
    const memory = createVersionMemory(storage);
    memory.remember('page-0', [version(1)]);
    memory.remember('page-1', [version(1)]);
    expect(memory.remembered('page-0')).toEqual([version(1)]);
    const afterRestart = createVersionMemory(storage);
    expect(afterRestart.remembered('page-1')).toEqual([version(1)]);
    expect(afterRestart.remembered('page-0')).toBeNull();
  });

  it('are dropped at sign-out, and unreadable storage is treated as empty', () => {
    const storage = deviceStorage();
    const memory = createVersionMemory(storage);
    memory.remember('page-1', [version(1)]);
    memory.forget();
    expect(memory.remembered('page-1')).toBeNull();
    expect(storage.values.has(VERSIONS_STORAGE_KEY)).toBe(false);
    storage.values.set(VERSIONS_STORAGE_KEY, '{not json');
    expect(createVersionMemory(storage).remembered('page-1')).toBeNull();
    storage.values.set(
      VERSIONS_STORAGE_KEY,
      JSON.stringify([{ pageId: 'page-1', versions: [{ version: 'x' }] }]),
    );
    expect(createVersionMemory(storage).remembered('page-1')).toBeNull();
    expect(createVersionMemory(null).remembered('page-1')).toBeNull();
  });
});

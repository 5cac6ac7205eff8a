import { z } from 'zod';
import { pageVersionListSchema, type PageVersionView } from '@linkhub/shared/schemas/page-versions';
import { api } from '../../api/api';

/** Published versions of a page, newest first (they are not in the Replicache store: fetched when online). */
export async function fetchPublishedVersions(
  workspaceId: string,
  pageId: string,
): Promise<PageVersionView[]> {
  return pageVersionListSchema.parse(
    await api<unknown>(`/api/workspaces/${workspaceId}/pages/${pageId}/versions?kind=published`),
  );
}

/** What the last-loaded lists are kept in: `localStorage` in the app, a Map in tests. */
export type VersionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const VERSIONS_STORAGE_KEY = 'linkhub.page-versions';
/** Lists kept on the device, for the pages opened last (each holds up to 50 snapshots). */
export const PAGES_KEPT = 10;

const keptSchema = z.array(z.object({ pageId: z.string(), versions: pageVersionListSchema }));
type Kept = z.infer<typeof keptSchema>;

export type VersionMemory = {
  /** The last list loaded for the page on this device, or null. */
  remembered(pageId: string): PageVersionView[] | null;
  remember(pageId: string, versions: PageVersionView[]): void;
  /** Drops every list (sign-out: the next user of this device must not see them). */
  forget(): void;
};

/**
 * The last list seen per page, so the panel shows it offline, after a restart too, or while it
 * refreshes. Kept in memory and written through to `storage` for the PAGES_KEPT pages opened last;
 * when storage refuses (full, private mode) fewer pages are kept there, and memory still answers.
 */
export function createVersionMemory(storage: VersionStorage | null): VersionMemory {
  const inMemory = new Map<string, PageVersionView[]>();
  function stored(): Kept {
    try {
      const parsed = keptSchema.safeParse(JSON.parse(storage?.getItem(VERSIONS_STORAGE_KEY) ?? '[]'));
      return parsed.success ? parsed.data : [];
    } catch {
      return [];
    }
  }
  function store(kept: Kept): void {
    for (let keep = kept.length; keep > 0; keep -= 1) {
      try {
        storage?.setItem(VERSIONS_STORAGE_KEY, JSON.stringify(kept.slice(0, keep)));
        return;
      } catch {
        // full: try again with fewer pages
      }
    }
  }
  return {
    remembered(pageId) {
      return inMemory.get(pageId) ?? stored().find((entry) => entry.pageId === pageId)?.versions ?? null;
    },
    remember(pageId, versions) {
      inMemory.set(pageId, versions);
      store(
        [{ pageId, versions }, ...stored().filter((entry) => entry.pageId !== pageId)].slice(0, PAGES_KEPT),
      );
    },
    forget() {
      inMemory.clear();
      try {
        storage?.removeItem(VERSIONS_STORAGE_KEY);
      } catch {
        // nothing kept to remove
      }
    },
  };
}

const deviceStorage = (): VersionStorage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

export const versionMemory = createVersionMemory(deviceStorage());
export const rememberedVersions = (pageId: string): PageVersionView[] | null =>
  versionMemory.remembered(pageId);
export const rememberVersions = (pageId: string, versions: PageVersionView[]): void =>
  versionMemory.remember(pageId, versions);

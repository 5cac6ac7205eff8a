import { resourceState, type LinkState } from '@linkhub/shared/resolve/state';
import type { LinkView } from '@linkhub/shared/sync/views';
import { publicAddress } from '@linkhub/shared/url/public-address';
import { edgeUrlFromPage } from '../../config/edge-url';

export type LinkStatusFilter = 'all' | 'active' | 'paused' | 'scheduled' | 'expired' | 'archived';
export type LinkSort = 'newest' | 'oldest' | 'slug' | 'clicks';
/** `folder`: '' every link, 'none' the links in no folder, else a folder id (its subfolders' links too, D-620). */
export type LinkFilter = {
  q: string;
  tag: string;
  status: LinkStatusFilter;
  domain: string;
  sort: LinkSort;
  folder: string;
};

export const EMPTY_FILTER: LinkFilter = {
  q: '',
  tag: '',
  status: 'all',
  domain: '',
  sort: 'newest',
  folder: '',
};

/** What a link is doing right now, as the list shows it: the edge's own rule (shared/src/resolve/state.ts). */
export function linkState(link: LinkView, now: number): LinkState {
  return resourceState(link, new Date(now));
}

/** Search (slug, title, destination, tags), filters and sort over the local rows; pure, for thousands of rows. */
export function filterLinks(
  links: readonly LinkView[],
  f: LinkFilter,
  clicks: (id: string) => number,
  now = Date.now(),
  /** The folder filter's folder and its subfolders (null: no folder filter). */
  inFolders: ReadonlySet<string> | null = null,
): LinkView[] {
  const q = f.q.trim().toLowerCase();
  const out = links.filter((l) => {
    const state = linkState(l, now);
    if (f.status === 'all' ? state === 'archived' : state !== f.status) return false;
    if (f.tag && !l.tags.includes(f.tag)) return false;
    if (f.domain && l.domain_id !== f.domain) return false;
    if (f.folder === 'none' && l.folder_id !== null) return false;
    if (inFolders !== null && (l.folder_id === null || !inFolders.has(l.folder_id))) return false;
    if (!q) return true;
    return (
      l.slug.toLowerCase().includes(q) ||
      (l.title ?? '').toLowerCase().includes(q) ||
      l.destination_url.toLowerCase().includes(q) ||
      l.tags.some((t) => t.toLowerCase().includes(q))
    );
  });
  const by: Record<LinkSort, (a: LinkView, b: LinkView) => number> = {
    newest: (a, b) => b.created_at.localeCompare(a.created_at),
    oldest: (a, b) => a.created_at.localeCompare(b.created_at),
    slug: (a, b) => a.slug.localeCompare(b.slug),
    clicks: (a, b) => clicks(b.id) - clicks(a.id),
  };
  return out.sort(by[f.sort]);
}

export function allTags(links: readonly LinkView[]): string[] {
  return [...new Set(links.flatMap((l) => l.tags))].sort();
}

/** The address a short link (or page) opens at: https on our hosts, the local edge for a `*.localhost` dev host. */
export function shortUrl(
  link: { host: string; slug: string },
  edgeUrl: string | null = edgeUrlFromPage(),
): string {
  return link.host && link.slug ? publicAddress(link.host, link.slug, edgeUrl) : '';
}

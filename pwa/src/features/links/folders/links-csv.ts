import type { FolderView, LinkView } from '@linkhub/shared/sync/views';
import { shortUrl } from '../link-filter';
import { folderPathOf } from './folder-tree';

const COLUMNS = [
  'short_url',
  'slug',
  'destination_url',
  'title',
  'tags',
  'folder',
  'note',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'created_at',
] as const;

/** A cell as RFC 4180 quotes it; a leading `=`, `+`, `-` or `@` is prefixed with `'` so a spreadsheet never runs it. */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The links shown, as a CSV file the import reads back (D-620): `folder` by name (`Parent/Child` for
 * a subfolder) and the private `note` — a file for the team, like the editor it comes from.
 */
export function linksCsv(links: readonly LinkView[], folders: readonly FolderView[]): string {
  const utm = (link: LinkView, key: string) => {
    const value = link.utm[key];
    return typeof value === 'string' ? value : '';
  };
  const rows = links.map((link) =>
    [
      shortUrl(link, null),
      link.slug,
      link.destination_url,
      link.title ?? '',
      link.tags.join('|'),
      folderPathOf(folders, link.folder_id),
      link.note ?? '',
      utm(link, 'source'),
      utm(link, 'medium'),
      utm(link, 'campaign'),
      utm(link, 'term'),
      utm(link, 'content'),
      link.created_at,
    ]
      .map(cell)
      .join(','),
  );
  return `${[COLUMNS.join(','), ...rows].join('\r\n')}\r\n`;
}

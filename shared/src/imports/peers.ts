import type { ImportedLink } from './imported-link';
import type { ImportSource } from './sources';
import { count, instant, isRecord, shortUrlParts, tags, text, type ExportRecord } from './values';

/**
 * How each product's export reads: where its JSON keeps the list (the API answer a token fetches, or
 * the file its dashboard writes) and which fields, or CSV columns, hold each part of a link. Keys are
 * compared in the form `columnKey` gives them (`createdAt`, `Created At` and `created_at` alike).
 */
type Peer = {
  /** The list of link records inside a parsed JSON export, or null when the JSON is not this product's. */
  list: (json: unknown) => unknown[] | null;
  link: (record: ExportRecord) => ImportedLink | string;
};

const listAt =
  (...paths: string[][]) =>
  (json: unknown): unknown[] | null => {
    if (Array.isArray(json)) return json;
    for (const path of paths) {
      let value: unknown = json;
      for (const key of path) value = isRecord(value) ? value[key] : undefined;
      if (Array.isArray(value)) return value;
      if (isRecord(value) && path.at(-1) === 'links') return Object.values(value);
    }
    return null;
  };

const nested = (record: ExportRecord, key: string): ExportRecord => {
  const value = record[key];
  return isRecord(value) ? normalizeKeys(value) : {};
};

/** The slug and host from explicit fields, else from the short URL. */
function address(
  slug: string | null,
  host: string | null,
  shortUrl: string | null,
): { slug: string; sourceHost: string | null } | null {
  if (slug !== null) return { slug, sourceHost: host ?? shortUrlParts(shortUrl)?.host ?? null };
  const parts = shortUrlParts(shortUrl);
  return parts === null ? null : { slug: parts.slug, sourceHost: parts.host };
}

function imported(
  at: { slug: string; sourceHost: string | null } | null,
  destination: string | null,
  rest: Omit<ImportedLink, 'slug' | 'sourceHost' | 'destinationUrl'>,
): ImportedLink | string {
  if (at === null) return 'no short link or slug in this row';
  if (destination === null) return 'no destination URL in this row';
  return { ...at, destinationUrl: destination, ...rest };
}

export const PEERS: Record<ImportSource, Peer> = {
  bitly: {
    list: listAt(['links']),
    link: (r) =>
      imported(
        address(
          null,
          null,
          (Array.isArray(r.custom_bitlinks) && typeof r.custom_bitlinks[0] === 'string'
            ? r.custom_bitlinks[0]
            : null) ?? text(r, 'custom_bitlink', 'link', 'bitlink', 'short_link', 'short_url', 'id'),
        ),
        text(r, 'long_url', 'destination_url', 'destination', 'original_url'),
        {
          title: text(r, 'title'),
          tags: tags(r, 'tags'),
          createdAt: instant(r, 'created_at', 'date_created', 'created'),
          expiresAt: null,
          clicks: count(r, 'total_clicks', 'clicks', 'engagements'),
        },
      ),
  },
  dub: {
    list: listAt(['links'], ['data']),
    link: (r) =>
      imported(
        address(text(r, 'key', 'slug'), text(r, 'domain'), text(r, 'shortlink', 'short_link', 'link')),
        text(r, 'url', 'destination_url', 'destination'),
        {
          title: text(r, 'title'),
          tags: tags(r, 'tags', 'tag_names'),
          createdAt: instant(r, 'createdat', 'created_at'),
          expiresAt: instant(r, 'expiresat', 'expires_at'),
          clicks: count(r, 'clicks'),
        },
      ),
  },
  rebrandly: {
    list: listAt(['links'], ['data']),
    link: (r) =>
      imported(
        address(
          text(r, 'slashtag'),
          text(nested(r, 'domain'), 'fullname') ?? text(r, 'domainname', 'domain'),
          text(r, 'shorturl', 'short_url', 'short_link'),
        ),
        text(r, 'destination', 'destination_url', 'long_url'),
        {
          title: text(r, 'title'),
          tags: tags(r, 'tags'),
          createdAt: instant(r, 'createdat', 'created_at', 'created'),
          expiresAt: null,
          clicks: count(r, 'clicks'),
        },
      ),
  },
  shlink: {
    list: listAt(['shortUrls', 'data'], ['data']),
    link: (r) =>
      imported(
        address(text(r, 'shortcode', 'short_code'), text(r, 'domain'), text(r, 'shorturl', 'short_url')),
        text(r, 'longurl', 'long_url'),
        {
          title: text(r, 'title'),
          tags: tags(r, 'tags'),
          createdAt: instant(r, 'datecreated', 'createdat', 'created_at'),
          expiresAt: instant(nested(r, 'meta'), 'validuntil') ?? instant(r, 'valid_until'),
          clicks:
            count(nested(r, 'visitssummary'), 'total') ?? count(r, 'visitscount', 'visits', 'visits_count'),
        },
      ),
  },
  kutt: {
    list: listAt(['data']),
    link: (r) =>
      imported(
        address(text(r, 'address'), text(r, 'domain'), text(r, 'link', 'short_url')),
        text(r, 'target', 'long_url', 'destination'),
        {
          title: text(r, 'description', 'title'),
          tags: [],
          createdAt: instant(r, 'created_at', 'createdat'),
          expiresAt: instant(r, 'expire_in', 'expires_at'),
          clicks: count(r, 'visit_count', 'visits'),
        },
      ),
  },
  yourls: {
    // The Shlink-importer plugin answers `{result: […]}`; core `action=stats` answers `{links: {link_1: …}}`.
    list: listAt(['result'], ['links']),
    link: (r) =>
      imported(
        address(text(r, 'keyword'), null, text(r, 'shorturl', 'short_url')),
        text(r, 'url', 'long_url'),
        {
          title: text(r, 'title'),
          tags: [],
          createdAt: instant(r, 'timestamp', 'created_at'),
          expiresAt: null,
          clicks: count(r, 'clicks'),
        },
      ),
  },
};

/** `Destination URL`, `destination-url`, `destinationUrl` and `destination_url` all name the same field. */
export const columnKey = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

export function normalizeKeys(record: ExportRecord): ExportRecord {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [columnKey(key), value]));
}

import { PREVIEW_DESCRIPTION_MAX, PREVIEW_TITLE_MAX } from '@linkhub/shared/link-previews/social-preview';
import { MAX_URL_LENGTH } from '@linkhub/shared/schemas/common';

/** What a page says about itself for cards: its og:* tags, else its twitter:* tags, else `<title>`. */
export type PageCard = { title: string | null; description: string | null; image_url: string | null };

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return codePoint(Number.parseInt(name.slice(2), 16), whole);
    if (name.startsWith('#')) return codePoint(Number.parseInt(name.slice(1), 10), whole);
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

function codePoint(value: number, whole: string): string {
  return Number.isInteger(value) && value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : whole;
}

/** Control characters, direction overrides and runs of white space out; cut to `max` characters. */
function clean(text: string | undefined, max: number): string | null {
  if (text === undefined) return null;
  const plain = decodeEntities(text)
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain === '') return null;
  return plain.length <= max ? plain : `${plain.slice(0, max - 1).trimEnd()}…`;
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name = '', dq, sq, bare] of tag.matchAll(
    /([a-zA-Z:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/g,
  ))
    found.set(name.toLowerCase(), dq ?? sq ?? bare ?? '');
  return found;
}

/** Reads the card tags of an HTML document's head (what a crawler would); never throws. */
export function readPageCard(html: string, pageUrl: string): PageCard {
  const head = html.slice(0, 256 * 1024);
  const meta = new Map<string, string>();
  for (const [tag] of head.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const key = (attrs.get('property') ?? attrs.get('name'))?.toLowerCase();
    const content = attrs.get('content');
    if (key !== undefined && content !== undefined && !meta.has(key)) meta.set(key, content);
  }
  const titleTag = /<title\b[^>]*>([^<]*)<\/title>/i.exec(head)?.[1];
  const image = meta.get('og:image') ?? meta.get('twitter:image');
  return {
    title: clean(meta.get('og:title') ?? meta.get('twitter:title') ?? titleTag, PREVIEW_TITLE_MAX),
    description: clean(
      meta.get('og:description') ?? meta.get('twitter:description') ?? meta.get('description'),
      PREVIEW_DESCRIPTION_MAX,
    ),
    image_url: image === undefined ? null : httpsImage(decodeEntities(image).trim(), pageUrl),
  };
}

/** A card image must be an absolute https address (networks drop others, D-626). */
function httpsImage(value: string, pageUrl: string): string | null {
  try {
    const url = new URL(value, pageUrl);
    return url.protocol === 'https:' &&
      url.username === '' &&
      url.password === '' &&
      url.href.length <= MAX_URL_LENGTH
      ? url.href
      : null;
  } catch {
    return null;
  }
}

/** Readers for the loosely typed values of peers' exports (JSON or CSV cells alike). */

export type ExportRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is ExportRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first of `keys` holding a non-empty string (numbers are read as their text). */
export function text(record: ExportRecord, ...keys: string[]): string | null {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/** A whole, non-negative count (`"1,204"` and `"1204"` alike). */
export function count(record: ExportRecord, ...keys: string[]): number | null {
  const value = text(record, ...keys);
  if (value === null) return null;
  const n = Number(value.replace(/[,\s_]/g, ''));
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Tags as an array of names, of `{name}` objects, or one cell separated by `|`, `,` or `;`. */
export function tags(record: ExportRecord, ...keys: string[]): string[] {
  for (const key of keys) {
    const value = record[key];
    if (Array.isArray(value))
      return value.flatMap((tag) => {
        if (typeof tag === 'string') return tag.trim() === '' ? [] : [tag.trim()];
        if (isRecord(tag) && typeof tag.name === 'string') return [tag.name.trim()];
        return [];
      });
    if (typeof value === 'string' && value.trim() !== '')
      return value
        .split(/[|,;]/)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== '');
  }
  return [];
}

/**
 * An instant as ISO 8601: ISO strings, `YYYY-MM-DD HH:MM:SS` (YOURLS, MySQL; read as UTC) and Unix
 * seconds or milliseconds; anything else is null.
 */
export function instant(record: ExportRecord, ...keys: string[]): string | null {
  const value = text(record, ...keys);
  if (value === null) return null;
  if (/^\d{9,13}$/.test(value)) {
    const n = Number(value);
    return new Date(value.length > 10 ? n : n * 1000).toISOString();
  }
  const sql = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(value);
  const parsed = Date.parse(sql === null ? value : `${sql[1]}T${sql[2]}Z`);
  return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
}

/** Host and slug of a short URL, with or without its scheme: `bit.ly/3abC` → `bit.ly`, `3abC`. */
export function shortUrlParts(value: string | null): { host: string; slug: string } | null {
  if (value === null) return null;
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`);
    const slug = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
    return slug === '' ? null : { host: url.hostname, slug };
  } catch {
    return null;
  }
}

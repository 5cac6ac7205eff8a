/** One value of a PostgreSQL COPY text-format line: `\N` for null, backslash escapes for the rest. */
export type CopyValue = string | number | boolean | null;

const SPECIAL = /[\\\t\n\r]/;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** A text value escaped for COPY text format; most values (ids, families) need nothing: tested once instead of replaced always. */
export function copyField(text: string): string {
  return SPECIAL.test(text) ? text.replace(/[\\\t\n\r]/g, (c) => ESCAPES[c] ?? c) : text;
}

function field(value: CopyValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return copyField(String(value));
}

/** A row as one COPY … FROM STDIN (FORMAT text) line, newline included. */
export function copyTextLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) line += (i === 0 ? '' : '\t') + field(values[i] ?? null);
  return `${line}\n`;
}

/** A bytea value for COPY text format, from its hex digits (`\x…`, the backslash escaped). */
export function copyBytea(hex: string): string {
  return `\\x${hex}`;
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break. A text value
 * starting with = + - @ (or a tab/CR) is prefixed with `'` so a spreadsheet never runs it as a
 * formula (CSV injection).
 */
export function csvField(value: string | number | boolean | Date | null): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: ReadonlyArray<string | number | boolean | Date | null>): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

import type { CliIo } from './io';

/** Rows as aligned columns (the header first), or the whole value as JSON with `--json`. */
export function printRows(
  io: CliIo,
  json: boolean,
  value: unknown,
  columns: readonly string[],
  rows: ReadonlyArray<readonly string[]>,
): void {
  if (json) {
    io.out(JSON.stringify(value, null, 2));
    return;
  }
  const table = [columns, ...rows];
  const widths = columns.map((_, i) => Math.max(...table.map((row) => (row[i] ?? '').length)));
  for (const row of table)
    io.out(
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    );
}

/** One record as `key: value` lines, or JSON with `--json`. */
export function printRecord(
  io: CliIo,
  json: boolean,
  value: unknown,
  fields: ReadonlyArray<readonly [string, string]>,
): void {
  if (json) {
    io.out(JSON.stringify(value, null, 2));
    return;
  }
  const width = Math.max(...fields.map(([name]) => name.length));
  for (const [name, text] of fields) io.out(`${`${name}:`.padEnd(width + 1)} ${text}`);
}

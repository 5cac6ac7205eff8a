import { dataOf } from '@linkhub/sdk';
import { connect, parseCommand, required } from '../context';
import { UsageError, type CliIo } from '../io';
import { printRows } from '../output';

export const IMPORT_USAGE = `linkhub import --from bitly|dub|rebrandly|shlink|kutt|yourls <file> [--dry-run] [--domain host]`;

const SOURCES = ['bitly', 'dub', 'rebrandly', 'shlink', 'kutt', 'yourls'] as const;

/**
 * `linkhub import`: sends another product's export to `POST /v1/imports` and prints a line per row;
 * exit 1 when a row failed, conflicted or could not be read (a re-run skips what was imported).
 */
export async function importCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommand(argv, {
    from: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    domain: { type: 'string' },
  });
  if (values.help) {
    io.out(IMPORT_USAGE);
    return 0;
  }
  const source = SOURCES.find((s) => s === values.from);
  if (source === undefined) throw new UsageError(`--from is one of ${SOURCES.join(', ')}`);
  const file = required(positionals, 0, 'file');
  const content = await io.readText(file);
  if (content === null) throw new UsageError(`no such file: ${file}`);
  const lh = await connect(values, io);
  const { data, meta } = await dataOf(
    lh.POST('/v1/imports', {
      body: { source, content, dry_run: values['dry-run'], domain: values.domain },
    }),
  );
  printRows(
    io,
    values.json,
    { data, meta },
    ['ROW', 'RESULT', 'SHORT LINK', 'DESTINATION', 'NOTE'],
    data.map((row) => [
      String(row.row),
      row.status,
      row.domain === null || row.slug === null ? '' : `${row.domain}/${row.slug}`,
      row.destination_url ?? '',
      row.error === null
        ? row.imported_clicks === null
          ? ''
          : `${row.imported_clicks} clicks imported`
        : `${row.error.code}: ${row.error.message}`,
    ]),
  );
  if (!values.json)
    io.out(
      `${meta.dry_run ? 'dry run: ' : ''}${Object.entries(meta.counts)
        .filter(([, n]) => n > 0)
        .map(([status, n]) => `${n} ${status.replace('_', ' ')}`)
        .join(', ')}`,
    );
  const troubled = (meta.counts.conflict ?? 0) + (meta.counts.invalid ?? 0) + (meta.counts.failed ?? 0);
  return troubled > 0 ? 1 : 0;
}

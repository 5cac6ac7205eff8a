import { join } from 'node:path';
import { dataOf, LinkHubApiError, paginate, type components, type LinkHubClient } from '@linkhub/sdk';
import { connect, integerFlag, parseCommand, required } from '../context';
import { CliError, UsageError, type CliIo } from '../io';
import { printRecord, printRows } from '../output';

type QrCode = components['schemas']['QrCode'];

export const QR_USAGE = `linkhub qr list [--q text] [--limit 25] [--all]
linkhub qr create <destination url> [--slug s] [--domain host] [--title t]
linkhub qr export <id|slug> [--format svg|png|pdf|eps] [--size 30mm] [--dpi 300|600] [--bleed 3mm] [--out file]
linkhub qr export --all [--format …] [--size …] [--out folder]`;

const FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
type Format = (typeof FORMATS)[number];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MM_PER_UNIT = { mm: 1, cm: 10, in: 25.4 } as const;

/** `30mm`, `3cm`, `1.5in` or a bare number of millimetres. */
export function parseLengthMm(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(mm|cm|in)?$/.exec(text.trim());
  if (match === null) throw new UsageError(`not a length: ${text} (e.g. 30mm, 3cm, 1.5in)`);
  const unit = match[2] === 'cm' || match[2] === 'in' ? match[2] : 'mm';
  return Math.round(Number(match[1]) * MM_PER_UNIT[unit] * 100) / 100;
}

const qrRow = (code: QrCode): string[] => [
  code.id,
  code.short_url,
  code.status,
  code.title ?? '',
  code.destination_url ?? code.encoded_text,
];

type RenderQuery = { format: Format; size_mm: number; dpi?: number; bleed_mm?: number };

async function findBySlug(lh: LinkHubClient, slug: string): Promise<QrCode> {
  const matches: QrCode[] = [];
  const pages = paginate((cursor) =>
    dataOf(lh.GET('/v1/qr-codes', { params: { query: { q: slug, cursor, limit: 100 } } })),
  );
  for await (const code of pages) if (code.slug.toLowerCase() === slug.toLowerCase()) matches.push(code);
  const [only, ...others] = matches;
  if (only === undefined) throw new CliError(`no QR code with the slug ${slug} in this workspace`);
  if (others.length > 0)
    throw new CliError(
      `${slug} names ${matches.length} codes (${matches.map((m) => `${m.id} ${m.short_url}`).join(', ')}); pass the id`,
    );
  return only;
}

async function exportCodes(
  lh: LinkHubClient,
  io: CliIo,
  target: string | undefined,
  all: boolean,
  out: string | undefined,
  query: RenderQuery,
): Promise<number> {
  const save = async (code: QrCode, path: string) => {
    const bytes = new Uint8Array(
      await dataOf(
        lh.GET('/v1/qr-codes/{id}/render', {
          params: { path: { id: code.id }, query },
          parseAs: 'arrayBuffer',
        }),
      ),
    );
    await io.writeBytes(path, bytes);
    io.out(`${path}  ${code.short_url}  ${(bytes.byteLength / 1024).toFixed(1)} kB`);
  };
  if (all === (target !== undefined)) throw new UsageError('give one code (id or slug) or --all');
  if (target !== undefined) {
    const code = UUID.test(target)
      ? (await dataOf(lh.GET('/v1/qr-codes/{id}', { params: { path: { id: target } } }))).data
      : await findBySlug(lh, target);
    await save(code, out ?? `${code.slug}.${query.format}`);
    return 0;
  }
  const folder = out ?? 'qr-export';
  await io.makeDirectory(folder);
  let written = 0;
  let refused = 0;
  const codes = paginate((cursor) =>
    dataOf(lh.GET('/v1/qr-codes', { params: { query: { cursor, limit: 100 } } })),
  );
  for await (const code of codes) {
    try {
      await save(code, join(folder, `${code.slug}.${query.format}`));
      written += 1;
    } catch (error) {
      if (!(error instanceof LinkHubApiError)) throw error;
      refused += 1;
      io.err(`${code.slug}: ${error.code}: ${error.message}`);
    }
  }
  io.out(`${written} file(s) in ${folder}${refused > 0 ? `, ${refused} refused` : ''}`);
  return refused > 0 ? 1 : 0;
}

/** `linkhub qr …`; returns the exit code. */
export async function qrCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const [verb = '', ...rest] = argv;
  const { values, positionals } = parseCommand(rest, {
    q: { type: 'string' },
    limit: { type: 'string' },
    all: { type: 'boolean', default: false },
    slug: { type: 'string' },
    domain: { type: 'string' },
    title: { type: 'string' },
    format: { type: 'string', default: 'pdf' },
    size: { type: 'string', default: '30mm' },
    dpi: { type: 'string' },
    bleed: { type: 'string' },
    out: { type: 'string' },
  });
  if (values.help) {
    io.out(QR_USAGE);
    return 0;
  }
  switch (verb) {
    case 'list': {
      const lh = await connect(values, io);
      const limit = integerFlag(values.limit, 'limit', 1, 100) ?? 25;
      const page = (cursor: string | undefined) =>
        dataOf(lh.GET('/v1/qr-codes', { params: { query: { q: values.q, cursor, limit } } }));
      const codes: QrCode[] = [];
      if (values.all) for await (const code of paginate(page)) codes.push(code);
      else codes.push(...(await page(undefined)).data);
      printRows(io, values.json, codes, ['ID', 'SHORT URL', 'STATUS', 'TITLE', 'OPENS'], codes.map(qrRow));
      return 0;
    }
    case 'create': {
      const lh = await connect(values, io);
      const destination = required(positionals, 0, 'destination url');
      const body = {
        destination_url: destination,
        slug: values.slug,
        domain: values.domain,
        title: values.title,
      };
      const { data } = await dataOf(lh.POST('/v1/qr-codes', { body }));
      printRecord(io, values.json, data, [
        ['id', data.id],
        ['short url', data.short_url],
        ['encodes', data.encoded_text],
        ['title', data.title ?? ''],
      ]);
      return 0;
    }
    case 'export': {
      const format = FORMATS.find((f) => f === values.format);
      if (format === undefined) throw new UsageError(`--format is one of ${FORMATS.join(', ')}`);
      const query: RenderQuery = { format, size_mm: parseLengthMm(values.size) };
      if (values.dpi !== undefined) {
        if (format !== 'png') throw new UsageError('--dpi applies to png');
        const dpi = integerFlag(values.dpi, 'dpi', 300, 600);
        if (dpi !== 300 && dpi !== 600) throw new UsageError('--dpi is 300 or 600');
        query.dpi = dpi;
      }
      if (values.bleed !== undefined) {
        if (format !== 'pdf') throw new UsageError('--bleed applies to pdf');
        query.bleed_mm = parseLengthMm(values.bleed);
      }
      const lh = await connect(values, io);
      return exportCodes(lh, io, positionals[0], values.all, values.out, query);
    }
    default:
      throw new UsageError(verb === '' ? 'missing qr command' : `unknown qr command: ${verb}`);
  }
}

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

/**
 * `linkhub qr export` (docs/product-rules.md#qr-codes): print files from a terminal through the public REST API
 * with an API key — `GET /v1/qr-codes` to find codes, `GET /v1/qr-codes/{id}/render` for the file.
 */
export type CliIo = {
  readonly fetch: (url: string, init: { headers: Record<string, string> }) => Promise<Response>;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
};

export const QR_EXPORT_USAGE = `usage: linkhub qr export <id|slug> [--format svg|png|pdf|eps] [--size 30mm] [--dpi 300|600] [--bleed 3mm] [--out file]
       linkhub qr export --all [--format …] [--size …] [--out folder]
environment: LINKHUB_API_KEY (or --api-key), LINKHUB_API_URL (default http://localhost:8080)`;

const FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UNITS_MM = { mm: 1, cm: 10, in: 25.4 } as const;

class UsageError extends Error {}

/** `30mm`, `3cm`, `1.5in` or a bare number of millimetres. */
export function parseLengthMm(text: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(mm|cm|in)?$/.exec(text.trim());
  if (m === null) throw new UsageError(`not a length: ${text} (e.g. 30mm, 3cm, 1.5in)`);
  const unit = m[2] === 'cm' || m[2] === 'in' ? m[2] : 'mm';
  return Math.round(Number(m[1]) * UNITS_MM[unit] * 100) / 100;
}

type QrSummary = { id: string; slug: string; short_url: string };
type Envelope = {
  error?: {
    code?: string;
    message?: string;
    details?: { field?: string; issue?: string; suggested?: unknown }[];
  };
};

class ApiError extends Error {}

function describeError(status: number, body: Envelope): string {
  const e = body.error;
  if (e === undefined) return `HTTP ${status}`;
  const lines = [`${e.code ?? 'error'}: ${e.message ?? `HTTP ${status}`}`];
  for (const d of e.details ?? []) {
    lines.push(
      `  - ${d.field ?? ''}: ${d.issue ?? ''}${d.suggested === undefined ? '' : ` (suggested: ${JSON.stringify(d.suggested)})`}`,
    );
  }
  return lines.join('\n');
}

function client(io: CliIo, apiKey: string) {
  const base = (io.env['LINKHUB_API_URL'] ?? 'http://localhost:8080').replace(/\/+$/, '');
  const get = async (path: string): Promise<Response> => {
    const res = await io.fetch(`${base}${path}`, {
      headers: { Authorization: `Bearer ${apiKey}`, Accept: '*/*' },
    });
    if (!res.ok) {
      const text = await res.text();
      let body: Envelope;
      try {
        body = JSON.parse(text) as Envelope; // the error envelope (docs/product-rules.md#errors); anything else shows as HTTP status
      } catch {
        body = {};
      }
      throw new ApiError(describeError(res.status, body));
    }
    return res;
  };
  const json = async <T>(path: string): Promise<T> => (await (await get(path)).json()) as T;
  return {
    one: (id: string) => json<{ data: QrSummary }>(`/v1/qr-codes/${id}`).then((r) => r.data),
    async *all(q?: string): AsyncGenerator<QrSummary> {
      let cursor: string | null = null;
      do {
        const params = new URLSearchParams({ limit: '100' });
        if (q !== undefined) params.set('q', q);
        if (cursor !== null) params.set('cursor', cursor);
        const page: { data: QrSummary[]; meta?: { next_cursor?: string | null } } = await json(
          `/v1/qr-codes?${params.toString()}`,
        );
        yield* page.data;
        cursor = page.meta?.next_cursor ?? null;
      } while (cursor !== null);
    },
    render: async (id: string, query: URLSearchParams) =>
      new Uint8Array(await (await get(`/v1/qr-codes/${id}/render?${query.toString()}`)).arrayBuffer()),
  };
}

/** Runs `qr export …`; returns the process exit code. */
export async function qrExport(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        format: { type: 'string', default: 'pdf' },
        size: { type: 'string', default: '30mm' },
        dpi: { type: 'string' },
        bleed: { type: 'string' },
        out: { type: 'string' },
        all: { type: 'boolean', default: false },
        'api-key': { type: 'string' },
        help: { type: 'boolean', default: false },
      },
    });
    if (values.help) {
      io.out(QR_EXPORT_USAGE);
      return 0;
    }
    const format = FORMATS.find((f) => f === values.format);
    if (format === undefined) throw new UsageError(`--format is one of ${FORMATS.join(', ')}`);
    const target = positionals[0];
    if (values.all === (target !== undefined)) throw new UsageError('give one code (id or slug) or --all');
    const apiKey = values['api-key'] ?? io.env['LINKHUB_API_KEY'];
    if (apiKey === undefined || apiKey === '') throw new UsageError('set LINKHUB_API_KEY or pass --api-key');
    const query = new URLSearchParams({ format, size_mm: String(parseLengthMm(values.size)) });
    if (values.dpi !== undefined) {
      if (format !== 'png' || (values.dpi !== '300' && values.dpi !== '600'))
        throw new UsageError('--dpi is 300 or 600, for png');
      query.set('dpi', values.dpi);
    }
    if (values.bleed !== undefined) {
      if (format !== 'pdf') throw new UsageError('--bleed applies to pdf');
      query.set('bleed_mm', String(parseLengthMm(values.bleed)));
    }
    const api = client(io, apiKey);

    const save = async (code: QrSummary, path: string) => {
      const bytes = await api.render(code.id, query);
      await writeFile(path, bytes);
      io.out(`${path}  ${code.short_url}  ${(bytes.byteLength / 1024).toFixed(1)} kB`);
    };

    if (target !== undefined) {
      const code = UUID.test(target) ? await api.one(target) : await findBySlug(api, target);
      await save(code, values.out ?? `${code.slug}.${format}`);
      return 0;
    }
    const dir = values.out ?? 'qr-export';
    await mkdir(dir, { recursive: true });
    let failed = 0;
    let written = 0;
    for await (const code of api.all()) {
      try {
        await save(code, join(dir, `${code.slug}.${format}`));
        written++;
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        failed++;
        io.err(`${code.slug}: ${error.message}`);
      }
    }
    io.out(`${written} file(s) in ${dir}${failed > 0 ? `, ${failed} refused` : ''}`);
    return failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n${QR_EXPORT_USAGE}`);
      return 2;
    }
    if (error instanceof ApiError) {
      io.err(error.message);
      return 1;
    }
    if (
      error instanceof TypeError &&
      'code' in error &&
      typeof error.code === 'string' &&
      error.code.startsWith('ERR_PARSE_ARGS')
    ) {
      io.err(`${error.message}\n${QR_EXPORT_USAGE}`);
      return 2;
    }
    throw error;
  }
}

async function findBySlug(api: ReturnType<typeof client>, slug: string): Promise<QrSummary> {
  const matches: QrSummary[] = [];
  for await (const code of api.all(slug))
    if (code.slug.toLowerCase() === slug.toLowerCase()) matches.push(code);
  const [only, ...rest] = matches;
  if (only === undefined) throw new ApiError(`not_found: no QR code with the slug ${slug} in this workspace`);
  if (rest.length > 0)
    throw new ApiError(
      `ambiguous: ${slug} names ${matches.length} codes (${matches.map((m) => `${m.id} ${m.short_url}`).join(', ')}); pass the id`,
    );
  return only;
}

/**
 * 500 table tents in one go (D-575): the same 500 codes created with 500 `POST /v1/qr-codes` (the
 * baseline) and with 5 `POST /v1/qr-codes/bulk` of 100, each into its own empty Business workspace
 * of one throwaway stack (real PostgreSQL, Redis and render pool, the app in-process); then the 500
 * codes on one print sheet PDF, against single PDF exports of the first `--singles` codes.
 *
 *   npx tsx bench/qr-bulk/index.ts [--codes 500] [--singles 50]
 */
import { parseArgs } from 'node:util';
import { startBenchStack } from '../api/setup';

const { values } = parseArgs({
  options: { codes: { type: 'string', default: '500' }, singles: { type: 'string', default: '50' } },
});
const CODES = Number(values.codes);
const SINGLES = Math.min(CODES, Number(values.singles));

/** Row i of the operator's CSV: a table tent, every other one with a call to action. */
const item = (i: number) => ({
  destination_url: `https://bistro.example/menu?table=${i + 1}`,
  title: `Table ${i + 1}`,
  ...(i % 2 === 0 ? { design: { frame: { label: 'SCAN FOR THE MENU' } } } : {}),
});

type Row = { what: string; requests: number; ms: number; perCodeMs: number; note: string };

async function main(): Promise<void> {
  const stack = await startBenchStack(1, { scopes: ['qr:read', 'qr:write'] });
  const call = (key: string, method: string, path: string, body?: unknown) =>
    stack.app.request(path, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const rows: Row[] = [];
  try {
    const items = Array.from({ length: CODES }, (_, i) => item(i));

    const single = await stack.freshWorkspace();
    let t = performance.now();
    for (const body of items) {
      const res = await call(single.key, 'POST', '/v1/qr-codes', body);
      if (res.status !== 201) throw new Error(`single create: ${res.status} ${await res.text()}`);
    }
    const singleMs = performance.now() - t;
    rows.push({
      what: `${CODES} × POST /v1/qr-codes (baseline)`,
      requests: CODES,
      ms: singleMs,
      perCodeMs: singleMs / CODES,
      note: '1.00×',
    });

    const bulk = await stack.freshWorkspace();
    const ids: string[] = [];
    t = performance.now();
    for (let i = 0; i < items.length; i += 100) {
      const res = await call(bulk.key, 'POST', '/v1/qr-codes/bulk', { qr_codes: items.slice(i, i + 100) });
      const answer = (await res.json()) as {
        data: Array<{ status: string; qr_code?: { id: string } }>;
        meta: { created: number };
      };
      if (res.status !== 200 || answer.meta.created !== Math.min(100, items.length - i))
        throw new Error(`bulk create: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      for (const r of answer.data) if (r.qr_code) ids.push(r.qr_code.id);
    }
    const bulkMs = performance.now() - t;
    rows.push({
      what: `${Math.ceil(CODES / 100)} × POST /v1/qr-codes/bulk`,
      requests: Math.ceil(CODES / 100),
      ms: bulkMs,
      perCodeMs: bulkMs / CODES,
      note: `${(singleMs / bulkMs).toFixed(2)}× faster`,
    });

    t = performance.now();
    for (const id of ids.slice(0, SINGLES)) {
      const res = await call(bulk.key, 'GET', `/v1/qr-codes/${id}/render?format=pdf&size_mm=50`);
      if (res.status !== 200) throw new Error(`single render: ${res.status}`);
      await res.arrayBuffer();
    }
    const singlePdfMs = performance.now() - t;
    rows.push({
      what: `${SINGLES} × GET …/render?format=pdf (baseline)`,
      requests: SINGLES,
      ms: singlePdfMs,
      perCodeMs: singlePdfMs / SINGLES,
      note: '1.00×',
    });

    t = performance.now();
    const res = await call(bulk.key, 'POST', '/v1/qr-codes/print-sheet', {
      qr_code_ids: ids,
      paper: 'a4',
      layout: { preset: 'sticker_50mm' },
    });
    const pdf = new Uint8Array(await res.arrayBuffer());
    const sheetMs = performance.now() - t;
    if (res.status !== 200)
      throw new Error(`print sheet: ${res.status} ${new TextDecoder().decode(pdf).slice(0, 300)}`);
    rows.push({
      what: `1 × POST /v1/qr-codes/print-sheet (${CODES} codes)`,
      requests: 1,
      ms: sheetMs,
      perCodeMs: sheetMs / CODES,
      note: `${(singlePdfMs / SINGLES / (sheetMs / CODES)).toFixed(2)}× faster a code; ${res.headers.get('X-Print-Sheet-Pages') ?? '?'} pages, ${(pdf.byteLength / 1024 / 1024).toFixed(2)} MB`,
    });
  } finally {
    await stack.close();
  }
  const table = [
    '| what | requests | total ms | ms a code | against its baseline |',
    '| --- | ---: | ---: | ---: | --- |',
    ...rows.map(
      (r) => `| ${r.what} | ${r.requests} | ${r.ms.toFixed(0)} | ${r.perCodeMs.toFixed(1)} | ${r.note} |`,
    ),
  ];
  console.log(table.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

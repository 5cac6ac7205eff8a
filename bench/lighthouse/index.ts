import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import setupTestInfra from '../../scripts/test-global-setup';
import { median } from '../median';
import { mainThreadWork } from './main-thread';
import { seedDemoWorkspace, signInAsDemo } from './seeded-editor';
import { pwaRoot, serveBuilt, type BuiltStack } from './serve-built';

/**
 * Lighthouse (mobile preset: simulated slow 4G and 4× CPU) on the signed-in links
 * screen of the BUILT editor with the demo seed, the baseline commit against the work tree.
 *
 *   npm run bench -- lighthouse            (baseline = BASELINE_REF below)
 *   tsx bench/lighthouse/index.ts <ref>    (any other baseline)
 *
 * Both variants are up at once and their runs alternate, so a busy machine weighs on both alike.
 * The table shows medians of RUNS runs each. The target is a performance score ≥ 90.
 */
const BASELINE_REF = process.argv[2] ?? 'd86f047';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
/** LIGHTHOUSE_SAVE=<dir>: keep each run's report and trace there (for the diagnostics the table leaves out). */
const SAVE = process.env.LIGHTHOUSE_SAVE;

type Row = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** bootup-time's script evaluation of the entry chunk (`assets/index-*.js`), ms (4× simulated). */
  entryScript: number;
  cpuMs: number;
  cpuTbt: number;
};

type Variant = {
  label: string;
  stack: BuiltStack;
  chrome: LaunchedChrome;
  rows: Row[];
  close: () => Promise<void>;
};

async function openVariant(label: string, ref: string | null): Promise<Variant> {
  const { root, cleanup } = pwaRoot(ref);
  const stack = await serveBuilt(root).catch((e: unknown) => {
    cleanup();
    throw e;
  });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  const close = async () => {
    chrome.kill();
    await stack.stop();
    cleanup();
  };
  try {
    const demo = await seedDemoWorkspace(stack.test);
    // Sign in once in this Chromium profile; Lighthouse then keeps its storage (cookie, IndexedDB).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0] ?? (await cdp.newContext());
    const page = await context.newPage();
    await signInAsDemo(page, stack.base, demo);
    await page.close();
    await cdp.close();
  } catch (e) {
    await close();
    throw e;
  }
  return { label, stack, chrome, rows: [], close };
}

type BootupItem = { url: string; scripting?: number; total?: number };

async function runOnce(variant: Variant, run: number): Promise<void> {
  const { stack, chrome, label } = variant;
  const result = await lighthouse(`${stack.base}/links`, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  const lhr = result?.lhr;
  if (!result || !lhr) throw new Error('lighthouse returned no result');
  if (lhr.finalDisplayedUrl.endsWith('/links') === false)
    throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl}`);
  if (SAVE !== undefined) {
    const name = join(SAVE, `${label.split(' ')[0]}-${run + 1}`);
    mkdirSync(SAVE, { recursive: true });
    writeFileSync(`${name}.lhr.json`, JSON.stringify(lhr));
    writeFileSync(`${name}.trace.json`, JSON.stringify(result.artifacts.Trace));
  }
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const bootup = (lhr.audits['bootup-time']?.details as { items?: BootupItem[] } | undefined)?.items ?? [];
  const entry = bootup.find((item) => /\/assets\/index-[^/]*\.js$/.test(item.url));
  const work = mainThreadWork(result.artifacts.Trace);
  const row: Row = {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: num('first-contentful-paint'),
    lcp: num('largest-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    entryScript: entry?.scripting ?? Number.NaN,
    ...work,
  };
  console.log(
    `${label} run ${run + 1}: score ${row.score}, TBT ${Math.round(row.tbt)} ms, LCP ${Math.round(row.lcp)} ms, entry script ${Math.round(row.entryScript)} ms, CPU after FCP ${Math.round(row.cpuMs)} ms (TBT from CPU ${Math.round(row.cpuTbt)} ms)${lhr.runWarnings.length > 0 ? ` [${lhr.runWarnings.join(' ')}]` : ''}`,
  );
  if (run === RUNS - 1)
    for (const item of bootup.slice(0, 5))
      console.log(
        `  main-thread: ${Math.round(item.total ?? 0)} ms total, ${Math.round(item.scripting ?? 0)} ms script: ${item.url.replace(stack.base, '')}`,
      );
  variant.rows.push(row);
}

const teardown = await setupTestInfra();
const variants: Variant[] = [];
try {
  const all: Array<[string, string | null]> = [
    [`baseline (${BASELINE_REF})`, BASELINE_REF],
    ['now (work tree)', null],
  ];
  // LIGHTHOUSE_ONLY_NOW=1: skip the baseline (quicker while iterating).
  const wanted = process.env.LIGHTHOUSE_ONLY_NOW === undefined ? all : all.filter(([, ref]) => ref === null);
  for (const [label, ref] of wanted) variants.push(await openVariant(label, ref));
  for (let run = 0; run < RUNS; run += 1) for (const variant of variants) await runOnce(variant, run);
  const table: string[] = [
    'variant | performance | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms | entry script ms | CPU after FCP ms | TBT from CPU ms',
    '---|---|---|---|---|---|---|---|---|---',
  ];
  for (const { label, rows } of variants) {
    const m = (pick: (r: Row) => number) => median(rows.map(pick));
    const ms = (pick: (r: Row) => number) => Math.round(m(pick));
    table.push(
      `${label} | ${m((r) => r.score)} | ${ms((r) => r.fcp)} | ${ms((r) => r.lcp)} | ${ms((r) => r.tbt)} | ${m((r) => r.cls).toFixed(3)} | ${ms((r) => r.si)} | ${ms((r) => r.entryScript)} | ${ms((r) => r.cpuMs)} | ${ms((r) => r.cpuTbt)}`,
    );
  }
  console.log(
    `\nLighthouse mobile, signed-in /links with the demo seed, median of ${RUNS} runs (target: performance ≥ 90)\n`,
  );
  console.log(table.join('\n'));
} finally {
  for (const variant of variants) await variant.close();
  await teardown();
}

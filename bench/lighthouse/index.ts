import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import setupTestInfra from '../../scripts/test-global-setup';
import { median } from '../median';
import { seedDemoWorkspace, signInAsDemo } from './seeded-editor';
import { pwaRoot, serveBuilt } from './serve-built';

/**
 * Issue 17.13: Lighthouse (mobile preset: simulated slow 4G and 4× CPU) on the signed-in links
 * screen of the BUILT editor with the demo seed, the baseline commit against the work tree.
 *
 *   npm run bench -- lighthouse            (baseline = BASELINE_REF below)
 *   tsx bench/lighthouse/index.ts <ref>    (any other baseline)
 *
 * Each variant runs RUNS times; the table shows medians. The target is a performance score ≥ 90.
 */
const BASELINE_REF = process.argv[2] ?? 'd86f047';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

type Row = { score: number; fcp: number; lcp: number; tbt: number; cls: number; si: number };

async function measure(label: string, ref: string | null): Promise<Row[]> {
  const { root, cleanup } = pwaRoot(ref);
  const stack = await serveBuilt(root).catch((e: unknown) => {
    cleanup();
    throw e;
  });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
  try {
    const demo = await seedDemoWorkspace(stack.test);
    // Sign in once in this Chromium profile; Lighthouse then keeps its storage (cookie, IndexedDB).
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = cdp.contexts()[0] ?? (await cdp.newContext());
    const page = await context.newPage();
    await signInAsDemo(page, stack.base, demo);
    await page.close();
    await cdp.close();
    const rows: Row[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(`${stack.base}/links`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('lighthouse returned no result');
      const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const bootup =
        (
          lhr.audits['bootup-time']?.details as
            { items?: Array<{ url: string; scripting?: number; total?: number }> } | undefined
        )?.items ?? [];
      if (run === RUNS - 1)
        for (const item of bootup.slice(0, 5))
          console.log(
            `  main-thread: ${Math.round(item.total ?? 0)} ms total, ${Math.round(item.scripting ?? 0)} ms script: ${item.url.replace(stack.base, '')}`,
          );
      const row = {
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
        cls: num('cumulative-layout-shift'),
        si: num('speed-index'),
      };
      if (lhr.finalDisplayedUrl.endsWith('/links') === false)
        throw new Error(`lighthouse ended on ${lhr.finalDisplayedUrl}`);
      console.log(
        `${label} run ${run + 1}: score ${row.score}, TBT ${Math.round(row.tbt)} ms, LCP ${Math.round(row.lcp)} ms`,
      );
      rows.push(row);
    }
    return rows;
  } finally {
    chrome.kill();
    await stack.stop();
    cleanup();
  }
}

const teardown = await setupTestInfra();
try {
  const all: Array<[string, string | null]> = [
    [`baseline (${BASELINE_REF})`, BASELINE_REF],
    ['now (work tree)', null],
  ];
  // LIGHTHOUSE_ONLY_NOW=1: skip the baseline (quicker while iterating).
  const variants =
    process.env.LIGHTHOUSE_ONLY_NOW === undefined ? all : all.filter(([, ref]) => ref === null);
  const table: string[] = [
    'variant | performance | FCP ms | LCP ms | TBT ms | CLS | Speed Index ms',
    '---|---|---|---|---|---|---',
  ];
  for (const [label, ref] of variants) {
    const rows = await measure(label, ref);
    const m = (pick: (r: Row) => number) => median(rows.map(pick));
    table.push(
      `${label} | ${m((r) => r.score)} | ${Math.round(m((r) => r.fcp))} | ${Math.round(m((r) => r.lcp))} | ${Math.round(m((r) => r.tbt))} | ${m((r) => r.cls).toFixed(3)} | ${Math.round(m((r) => r.si))}`,
    );
  }
  console.log(
    `\nLighthouse mobile, signed-in /links with the demo seed, median of ${RUNS} runs (target: performance ≥ 90)\n`,
  );
  console.log(table.join('\n'));
} finally {
  await teardown();
}

import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import setupTestInfra from '../../scripts/test-global-setup';
import { seedDemoWorkspace, signInAsDemo } from '../lighthouse/seeded-editor';
import { pwaRoot, serveBuilt } from '../lighthouse/serve-built';
import { median } from '../median';

/**
 * The second target: time to interactive of the analytics screen under Lighthouse's mobile
 * preset (simulated slow 4G, 4× CPU) ≤ 3 s, on the BUILT editor with the demo seed, signed in. The
 * same-run baseline is the links screen (the editor's first screen) in the same Chromium, runs
 * alternating. `tsx bench/dashboard/lighthouse.ts` (LIGHTHOUSE_RUNS, default 3).
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PAGES = [
  ['links screen (baseline)', '/links'],
  ['analytics screen, last 7 days', '/analytics?period=7d'],
] as const;

const teardown = await setupTestInfra();
const { root, cleanup } = pwaRoot(null);
const stack = await serveBuilt(root);
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
const results = new Map<string, Array<{ tti: number; score: number; lcp: number; tbt: number }>>();
try {
  const demo = await seedDemoWorkspace(stack.test);
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = cdp.contexts()[0] ?? (await cdp.newContext());
  const page = await context.newPage();
  await signInAsDemo(page, stack.base, demo);
  await page.close();
  await cdp.close();
  for (let run = 0; run < RUNS; run += 1)
    for (const [label, path] of PAGES) {
      const result = await lighthouse(`${stack.base}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        disableStorageReset: true,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('lighthouse returned no result');
      const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row = {
        tti: num('interactive'),
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        lcp: num('largest-contentful-paint'),
        tbt: num('total-blocking-time'),
      };
      console.log(
        `${label} run ${run + 1}: TTI ${Math.round(row.tti)} ms, score ${row.score}, LCP ${Math.round(row.lcp)} ms, TBT ${Math.round(row.tbt)} ms (${lhr.finalDisplayedUrl.replace(stack.base, '')})`,
      );
      results.set(label, [...(results.get(label) ?? []), row]);
    }
  console.log(
    '\n| page | TTI ms (median) | performance | LCP ms | TBT ms | target |\n|---|---|---|---|---|---|',
  );
  for (const [label] of PAGES) {
    const rows = results.get(label) ?? [];
    const m = (pick: (r: (typeof rows)[number]) => number) => Math.round(median(rows.map(pick)));
    console.log(
      `| ${label} | ${m((r) => r.tti)} | ${m((r) => r.score)} | ${m((r) => r.lcp)} | ${m((r) => r.tbt)} | ${label.startsWith('analytics') ? 'TTI ≤ 3,000 ms' : ''} |`,
    );
  }
} finally {
  chrome.kill();
  await stack.stop();
  cleanup();
  await teardown();
}

import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { seedDemo } from '../../scripts/lib/seed-demo';
import setupTestInfra from '../../scripts/test-global-setup';
import { startV1Kit, ALL_SCOPES } from '../../sync-server/src/testing/v1-kit';
import { startEdgeServer } from '../../e2e/creator/edge-server';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import { median } from '../median';

/**
 * Lighthouse's mobile preset (simulated slow 4G, 4x CPU), all four categories, on the demo bio page
 * (`npm run seed`'s page) served by the real edge, beside a same-run baseline: a bare page (a title
 * and one link, default theme). Median of LIGHTHOUSE_RUNS runs (3), runs alternating.
 * Target: 100 in every category for the demo page (D-613).
 *
 *   npx tsx bench/lighthouse/bio-page.ts
 */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

type Row = Record<(typeof CATEGORIES)[number], number> & {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
};

const teardown = await setupTestInfra();
const kit = await startV1Kit();
const edge = await startEdgeServer({
  databaseUrl: kit.database.url,
  config: kit.deps.config,
  artifacts: kit.deps.artifacts,
});
const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS });
try {
  await seedDemo(
    kit.database.url,
    { linkHost: kit.deps.config.LINK_HOST, bioHost: kit.deps.config.BIO_HOST },
    null,
  );
  const key = await kit.key(ALL_SCOPES);
  const bare = await kit.api('POST', '/v1/pages', {
    key,
    body: {
      handle: 'bare',
      title: 'Bare page',
      blocks: [{ type: 'link', title: 'My site', url: 'https://example.com/' }],
    },
  });
  const bareId = ((await bare.json()) as { data: { id: string } }).data.id;
  await kit.api('POST', `/v1/pages/${bareId}/publish`, { key });
  const variants = [
    { label: 'baseline: bare page', url: `${edge.bioBase}/bare`, rows: [] as Row[] },
    { label: 'demo page', url: `${edge.bioBase}/demo`, rows: [] as Row[] },
  ];
  for (const variant of variants) {
    const reply = await edge.get(kit.deps.config.BIO_HOST, new URL(variant.url).pathname);
    if (reply.status !== 200) throw new Error(`${variant.url}: ${reply.status}`);
  }
  for (let run = 0; run < RUNS; run += 1)
    for (const variant of variants) {
      const result = await lighthouse(variant.url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('lighthouse returned no result');
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const row: Row = {
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        fcp: num('first-contentful-paint'),
        lcp: num('largest-contentful-paint'),
        cls: num('cumulative-layout-shift'),
        tbt: num('total-blocking-time'),
      };
      variant.rows.push(row);
      const failing = Object.values(lhr.audits)
        .filter(
          (a) =>
            a.score !== null &&
            a.score < 1 &&
            a.scoreDisplayMode !== 'informative' &&
            a.scoreDisplayMode !== 'manual',
        )
        .map((a) => `${a.id} (${a.score}${a.explanation ? `: ${a.explanation}` : ''})`);
      console.log(
        `${variant.label} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${row[c]}`).join(', ')}${failing.length > 0 ? `; below 1: ${failing.join(', ')}` : ''}`,
      );
    }
  const table = [
    'page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS',
    '---|---|---|---|---|---|---|---|---',
    ...variants.map(({ label, rows }) => {
      const m = (pick: (r: Row) => number) => median(rows.map(pick));
      return `${label} | ${CATEGORIES.map((c) => m((r) => r[c])).join(' | ')} | ${Math.round(m((r) => r.fcp))} | ${Math.round(m((r) => r.lcp))} | ${Math.round(m((r) => r.tbt))} | ${m((r) => r.cls).toFixed(3)}`;
    }),
  ];
  console.log(
    `\nLighthouse mobile, bio pages through the edge, median of ${RUNS} runs (target: 100 in all four)\n`,
  );
  console.log(table.join('\n'));
} finally {
  chrome.kill();
  await edge.stop();
  await kit.stop();
  await teardown();
}

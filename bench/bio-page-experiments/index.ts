/**
 * Bio page experiments benchmark (D-279). The edge picks a visitor's variant of a page in
 * memory from the cached snapshot: what does that (pick + reorder or relabel) add to rendering the
 * page, beside the same page without a test, measured in the same rounds?
 *
 *   npx tsx bench/bio-page-experiments/index.ts [--rounds 5] [--ms 400]
 */
import { randomBytes } from 'node:crypto';
import { hopHref, renderBioPage } from '@linkhub/shared/blocks/render-page';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import type { PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { pageForVisitor } from '@linkhub/shared/experiments/page-variant';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const ROUND_MS = arg('ms', 400);

const plain = samplePageSnapshot({ links: 20 });
const ids = plain.blocks.map((b) => b.id);
const tested: PageSnapshot = {
  ...plain,
  experiment: {
    id: 'exp-bench',
    arm: 1,
    variants: [
      { id: 'a', weight: 3400 },
      { id: 'b', weight: 3300, block_order: [...ids].reverse() },
      {
        id: 'c',
        weight: 3300,
        block: { id: 'lnk001', label: 'Shop the new drop', url: 'https://shop.example/new' },
      },
    ],
  },
};
const hashes = Array.from({ length: 4096 }, () => randomBytes(16).toString('hex'));
const options = { nonce: 'bench', linkHref: hopHref(plain.handle) };

/** Pages rendered per second over one round (the variant picked per visitor when the page has a test). */
function rate(page: PageSnapshot): number {
  let n = 0;
  let sink = 0;
  const start = performance.now();
  const end = start + ROUND_MS;
  while (performance.now() < end) {
    for (let i = 0; i < 64; i++) {
      const seen = pageForVisitor(page, hashes[(n + i) & 4095] ?? '');
      sink += renderBioPage(seen.page, options).length;
    }
    n += 64;
  }
  if (sink < 0) console.log(sink);
  return (n / (performance.now() - start)) * 1000;
}

const results = { plain: [] as number[], tested: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  results.plain.push(rate(plain));
  results.tested.push(rate(tested));
}
const base = median(results.plain);
const row = (label: string, values: number[]) => {
  const m = median(values);
  return {
    case: label,
    'pages/s': Math.round(m),
    'µs/page': (1e6 / m).toFixed(1),
    'vs plain': (m / base).toFixed(2),
  };
};
console.log('\nbio page render (pure, in process, 20 links), median of', ROUNDS, 'rounds');
console.table([
  row('page without a test (baseline)', results.plain),
  row('page under a 3-variant test', results.tested),
]);

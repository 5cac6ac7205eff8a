/**
 * SVG bombs through the real app (in-process `app.request`, the real render pool, PostgreSQL and
 * Redis): for each bomb class the CPU seconds the server process and its render processes spend up to
 * the answer and in the 2 s after it (a render left running after a refusal shows there), beside a
 * benign SVG drawn in the same run. Target: < 0.5 s of CPU per refused bomb, nothing after the answer.
 *
 *   npm run bench -- svg-bombs        # BENCH_ROUNDS (3), BENCH_AFTER_MS (2000)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_RENDER_POOL_LIMITS } from '../../sync-server/src/platform/render-pool/pool';
import { startBenchStack } from '../api/setup';
import { median } from '../median';
import { serverCpuSeconds } from './cpu';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 2000);
const TARGET_CPU_S = 0.5;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">${body}</svg>`;
const filtered = (primitives: string, shapes = 1) =>
  svg(
    `<filter id="f">${primitives}</filter>${'<rect width="40" height="20" filter="url(#f)"/>'.repeat(shapes)}`,
  );
function useBomb(): string {
  let defs = '<rect id="l0" width="1" height="1"/>';
  for (let n = 1; n <= 7; n++) defs += `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(10)}</g>`;
  return svg(`<defs>${defs}</defs><use href="#l7"/>`);
}

const BENIGN = svg('<circle cx="20" cy="10" r="9" fill="#e4002b"/><path d="M4 4h8v8h-8z" fill="#123"/>');
const TURBULENCE_100 = filtered('<feTurbulence baseFrequency="0.05" numOctaves="100"/>');
const TURBULENCE_400 = filtered('<feTurbulence baseFrequency="0.05" numOctaves="400"/>');
const MORPHOLOGY = filtered('<feMorphology operator="dilate" radius="40"/>');
const BLUR_CHAIN = filtered('<feGaussianBlur stdDeviation="8"/>'.repeat(60));
const BLUR_SHAPES = filtered('<feGaussianBlur stdDeviation="8"/>', 1000);
const USE_BOMB = useBomb();
/** No filter and within every limit, yet ~10 s of drawing: only the render budget stops it (killed). */
const SLOW_WITHIN_POLICY = svg('<g opacity="0.5"><rect width="40" height="20"/></g>'.repeat(1_500));

const stack = await startBenchStack(1, { scopes: ['qr:read', 'qr:write', 'pages:write'] });
const key = stack.keys[0] ?? '';
let seq = 0;

const upload = (text: string) =>
  stack.app.request('/v1/assets', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'image/svg+xml' },
    body: new TextEncoder().encode(text),
  });
const inlineLogo = (text: string) =>
  stack.app.request('/v1/qr-codes', {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      destination_url: `https://example.com/svg-bench-${seq++}`,
      design: {
        logo: {
          source: {
            kind: 'data_url',
            data_url: `data:image/svg+xml;base64,${Buffer.from(text).toString('base64')}`,
          },
          size_ratio: 0.2,
        },
      },
    }),
  });

type Scenario = { name: string; bytes: number; send: () => Promise<Response> };
const scenario = (name: string, text: string, via: 'asset' | 'logo'): Scenario => ({
  name: `${name} (${via === 'asset' ? 'POST /v1/assets' : 'inline logo, POST /v1/qr-codes'})`,
  bytes: text.length,
  send: async () => (via === 'asset' ? upload(text) : inlineLogo(text)),
});

const SCENARIOS: Scenario[] = [
  scenario('baseline: benign SVG', BENIGN, 'asset'),
  scenario('baseline: benign SVG', BENIGN, 'logo'),
  scenario('feTurbulence numOctaves=100', TURBULENCE_100, 'asset'),
  scenario('feTurbulence numOctaves=400', TURBULENCE_400, 'asset'),
  scenario('feMorphology radius=40 (1024 px)', MORPHOLOGY, 'asset'),
  scenario('feGaussianBlur chain ×60', BLUR_CHAIN, 'asset'),
  scenario('one blur on 1,000 shapes', BLUR_SHAPES, 'asset'),
  scenario('<use> bomb (10⁷ shapes)', USE_BOMB, 'logo'),
  scenario('<use> bomb (10⁷ shapes)', USE_BOMB, 'asset'),
  scenario('feTurbulence numOctaves=400', TURBULENCE_400, 'logo'),
  scenario('slow within policy: 1,500 layers', SLOW_WITHIN_POLICY, 'asset'),
];

type Sample = { status: number; issue: string; answerMs: number; cpuToAnswer: number; cpuAfter: number };

async function measure(s: Scenario): Promise<Sample> {
  const cpu0 = serverCpuSeconds();
  const t0 = performance.now();
  const res = await s.send();
  const body = (await res.json()) as { error?: { details?: Array<{ issue?: string }> } };
  const answerMs = performance.now() - t0;
  const cpu1 = serverCpuSeconds();
  await sleep(AFTER_MS);
  const cpu2 = serverCpuSeconds();
  return {
    status: res.status,
    issue: body.error?.details?.[0]?.issue ?? '',
    answerMs,
    cpuToAnswer: cpu1 - cpu0,
    cpuAfter: cpu2 - cpu1,
  };
}

try {
  // Warm the render process (its start-up is not any request's cost) and measure an idle window.
  await upload(BENIGN);
  const idle0 = serverCpuSeconds();
  await sleep(AFTER_MS);
  const idleCpu = serverCpuSeconds() - idle0;

  const rows = [];
  for (const s of SCENARIOS) {
    const samples: Sample[] = [];
    for (let r = 0; r < ROUNDS; r++) samples.push(await measure(s));
    const first = samples[0];
    const total = median(samples.map((x) => x.cpuToAnswer + x.cpuAfter));
    const refused = (first?.status ?? 0) >= 400;
    rows.push({
      request: s.name,
      bytes: s.bytes,
      answer: `${first?.status ?? '?'} ${first?.issue ?? ''}`.trim(),
      'answer ms': Math.round(median(samples.map((x) => x.answerMs))),
      'CPU s to answer': median(samples.map((x) => x.cpuToAnswer)).toFixed(2),
      [`CPU s in ${AFTER_MS / 1000} s after`]: median(samples.map((x) => x.cpuAfter)).toFixed(2),
      'CPU s total': total.toFixed(2),
      'met (< 0.5 s refused)': refused ? (total < TARGET_CPU_S ? 'yes' : 'no') : '—',
    });
  }
  console.log(
    `\nSVG bombs through the app: median of ${ROUNDS} per row; render pool ${DEFAULT_RENDER_POOL_LIMITS.threads} process(es), SVG budget ${DEFAULT_RENDER_POOL_LIMITS.svgBudgetMs} ms; idle CPU over ${AFTER_MS} ms: ${idleCpu.toFixed(2)} s`,
  );
  console.table(rows);
} finally {
  await stack.close();
}

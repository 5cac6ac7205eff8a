import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium, type CDPSession } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../e2e/pwa/harness';
import setupTestInfra from '../../scripts/test-global-setup';
import { seedDemoWorkspace, signInAsDemo } from './seeded-editor';
import { pwaRoot, serveBuilt } from './serve-built';

/**
 * Where the startup's main-thread time goes: a V8 CPU profile (4× CPU throttling) of
 * a signed-in load of `/links` on the built editor, self time summed per source file and package
 * through the build's source maps, with the long tasks and paint marks of the same load.
 *
 *   npx tsx bench/lighthouse/profile.ts [ref]   (default: the work tree)
 */
const REF = process.argv[2] ?? null;
const LOADS = Number(process.env.PROFILE_LOADS ?? 3);
/** CPU throttling stalls the thread as `(program)`: 1 (default) attributes time best, 4 shows Lighthouse's long tasks. */
const THROTTLE = Number(process.env.PROFILE_THROTTLE ?? 1);

type CallFrame = { url: string; lineNumber: number; columnNumber: number; functionName: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
type Marks = { fcp: number; longTasks: Array<[number, number]>; rows: number };

const maps = new Map<string, TraceMap | null>();
function mapFor(dist: string, url: string): TraceMap | null {
  const path = new URL(url).pathname;
  if (!maps.has(path)) {
    try {
      maps.set(path, new TraceMap(readFileSync(join(dist, `${path}.map`), 'utf8')));
    } catch {
      maps.set(path, null);
    }
  }
  return maps.get(path) ?? null;
}

function sourceOf(dist: string, frame: CallFrame): { file: string; pkg: string } {
  if (!frame.url) return { file: frame.functionName || '(native)', pkg: frame.functionName || '(native)' };
  if (!frame.url.includes('/assets/')) return { file: frame.url, pkg: frame.url };
  const map = frame.lineNumber < 0 ? null : mapFor(dist, frame.url);
  const pos = map
    ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
    : null;
  const file = pos?.source ?? new URL(frame.url).pathname;
  const pkgMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const ours = /\/(shared|pwa)\/src\/([^/]+)/.exec(file);
  const pkg = pkgMatch?.[1] ?? (ours ? `${ours[1]}/${ours[2]}` : file);
  return { file: file.replace(/^.*\/(node_modules|shared|pwa)\//, '$1/'), pkg };
}

function selfTimes(
  dist: string,
  profile: Profile,
): { files: Map<string, number>; pkgs: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const files = new Map<string, number>();
  const pkgs = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node || node.callFrame.functionName === '(idle)') return;
    const { file, pkg } = sourceOf(dist, node.callFrame);
    files.set(file, (files.get(file) ?? 0) + ms);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + ms);
  });
  return { files, pkgs };
}

/**
 * The profile cut into busy stretches (no idle sample for over 1 ms, about one task each); for each
 * stretch over 10 ms, the source files whose code is on the stack for most of it (inclusive time).
 */
function busyStretches(dist: string, profile: Profile): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackFiles = (id: number): Set<string> => {
    const files = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at);
      if (!node?.callFrame.url) continue;
      const file = sourceOf(dist, node.callFrame).file;
      files.add(file);
      if (process.env.PROFILE_FUNCTIONS !== undefined && /^(pwa|shared)\//.test(file))
        files.add(`${node.callFrame.functionName || '(anonymous)'} in ${file}`);
    }
    return files;
  };
  const out: string[] = [];
  let start = 0;
  let busy = 0;
  let idleRun = 0;
  let inclusive = new Map<string, number>();
  let clock = 0;
  const flush = () => {
    if (busy > 10) {
      const files = [...inclusive]
        .sort((a, b) => b[1] - a[1])
        .slice(0, process.env.PROFILE_FUNCTIONS === undefined ? 8 : 30)
        .map(([f, ms]) => `${f} ${ms.toFixed(1)}`)
        .join(' | ');
      out.push(`  @${start.toFixed(0)} ms: ${busy.toFixed(1)} ms busy: ${files}`);
    }
    busy = 0;
    inclusive = new Map();
  };
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    clock += ms;
    const idle = byId.get(id)?.callFrame.functionName === '(idle)';
    if (idle) {
      idleRun += ms;
      if (idleRun > 1) flush();
      return;
    }
    if (busy === 0) start = clock;
    idleRun = 0;
    busy += ms;
    for (const f of stackFiles(id)) inclusive.set(f, (inclusive.get(f) ?? 0) + ms);
  });
  flush();
  return out;
}

const top = (m: Map<string, number>, n: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `${Math.round(v / LOADS)
          .toString()
          .padStart(6)} ms  ${k}`,
    )
    .join('\n');

async function profileLoad(cdp: CDPSession, load: () => Promise<Marks>): Promise<[Profile, Marks]> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
  await cdp.send('Profiler.start');
  const marks = await load();
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return [profile, marks];
}

const OBSERVE = `
  window.__marks = { longTasks: [], fcp: 0 };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__marks.longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((l) => { for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__marks.fcp = Math.round(e.startTime); }).observe({ type: 'paint', buffered: true });
`;

const teardown = await setupTestInfra();
const { root, cleanup } = pwaRoot(REF);
try {
  const stack = await serveBuilt(root, { sourcemap: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const demo = await seedDemoWorkspace(stack.test);
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await signInAsDemo(page, stack.base, demo);
    const cdp = await context.newCDPSession(page);
    const files = new Map<string, number>();
    const pkgs = new Map<string, number>();
    for (let i = 0; i < LOADS; i += 1) {
      const [profile, marks] = await profileLoad(cdp, async () => {
        await page.goto(`${stack.base}/links`);
        await page.locator('.vrow').first().waitFor({ timeout: 30_000 });
        await page.waitForTimeout(3000);
        return page.evaluate<Marks>(
          '({ ...window.__marks, rows: document.querySelectorAll(".vrow").length })',
        );
      });
      const t = selfTimes(stack.dist, profile);
      if (process.env.PROFILE_STRETCHES !== undefined)
        console.log(busyStretches(stack.dist, profile).join('\n'));
      for (const [k, v] of t.files) files.set(k, (files.get(k) ?? 0) + v);
      for (const [k, v] of t.pkgs) pkgs.set(k, (pkgs.get(k) ?? 0) + v);
      const blocking = marks.longTasks.reduce((s, [, d]) => s + Math.max(0, d - 50), 0);
      console.log(
        `load ${i + 1}: FCP ${marks.fcp} ms, ${marks.rows} rows, long tasks [start, ms] ${JSON.stringify(marks.longTasks)} (blocking ${blocking} ms)`,
      );
    }
    console.log(`\nself time per package, mean of ${LOADS} loads (${THROTTLE}× CPU)\n${top(pkgs, 25)}`);
    console.log(`\nself time per source file\n${top(files, 40)}`);
  } finally {
    await browser.close();
    await stack.stop();
  }
} finally {
  cleanup();
  await teardown();
}

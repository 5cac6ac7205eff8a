import path from 'node:path';
import { buildTarget } from './build/build-services';
import { BUILD_TARGET_NAMES, type BuildTarget } from './build/entries';
import { buildPwa, pwaBuildIsCurrent } from './lib/pwa-build';

/**
 * `npm run build`: every service (and the migrator) compiled to plain JavaScript with esbuild
 * (DECISIONS D-350), then the PWA (`vite build`) when its sources changed, since the sync-server
 * serves it. `npm run build -w edge` (or `tsx scripts/build.ts edge`) builds one target;
 * `--no-pwa` skips the PWA. Type checking stays `npm run typecheck` (esbuild strips types, it does
 * not check them).
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const isTarget = (name: string): name is BuildTarget => (BUILD_TARGET_NAMES as string[]).includes(name);
const named = args.filter((a) => !a.startsWith('--'));
const unknown = named.filter((a) => !isTarget(a));
if (unknown.length > 0) {
  console.error(`build: unknown target ${unknown.join(', ')} (targets: ${BUILD_TARGET_NAMES.join(', ')})`);
  process.exit(2);
}
const targets = named.length > 0 ? named.filter(isTarget) : BUILD_TARGET_NAMES;
const withPwa = !args.includes('--no-pwa') && (named.length === 0 || named.includes('sync-server'));

const started = performance.now();
for (const target of targets) {
  for (const file of await buildTarget(ROOT, target)) {
    console.log(`build: ${file.out.padEnd(34)} ${(file.bytes / 1024).toFixed(0).padStart(6)} KiB`);
  }
}
if (withPwa) {
  if (pwaBuildIsCurrent(ROOT)) console.log('build: pwa/dist is up to date');
  else {
    const code = await buildPwa(ROOT, (line) => console.log(`build: ${line}`));
    if (code !== 0) {
      console.error('build: the PWA build failed');
      process.exit(code);
    }
    console.log('build: pwa/dist built');
  }
}
console.log(`build: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);

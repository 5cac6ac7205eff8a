/**
 * `npm run build -w desktop`: main + preload compiled into desktop/dist, the PWA built and copied to
 * desktop/dist/renderer. The result is the unpacked app (`npx electron desktop` runs it;
 * `npx electron-builder` packages it). Options: --skip-pwa (reuse pwa/dist), --dev (no minify).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleDesktop, copyRenderer, runtimeImports } from './bundle';

const desktopDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.resolve(desktopDir, '..');
const outDir = path.join(desktopDir, 'dist');
const args = new Set(process.argv.slice(2));
const syncUrl = process.env.LINKHUB_SYNC_URL ?? 'http://localhost:8080';

const bundles = await bundleDesktop({ desktopDir, outDir, syncUrl, minify: !args.has('--dev') });
console.log(`main.js imports at run time: ${runtimeImports(bundles.main).join(', ')}`);
console.log(`preload.cjs imports at run time: ${runtimeImports(bundles.preload).join(', ')}`);

if (!args.has('--skip-pwa')) {
  execFileSync('npm', ['run', 'build', '-w', 'pwa'], { cwd: repo, stdio: 'inherit' });
}
const pwaDist = path.join(repo, 'pwa', 'dist');
if (!existsSync(path.join(pwaDist, 'index.html'))) {
  console.error('pwa/dist/index.html is missing: run `npm run build -w pwa` first (or drop --skip-pwa).');
  process.exit(1);
}
await copyRenderer(pwaDist, outDir);
console.log(
  `Unpacked app ready in ${path.relative(repo, outDir)}/ (main.js, preload.cjs, icons/, renderer/).`,
);

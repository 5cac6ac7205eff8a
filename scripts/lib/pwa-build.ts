import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the PWA build reads: its own sources and config, and the shared code it imports. */
const SOURCES = [
  'pwa/src',
  'pwa/public',
  'pwa/index.html',
  'pwa/vite.config.ts',
  'pwa/package.json',
  'shared/src',
];
/** Files a complete build has: the app shell, the manifest and the service worker. */
const OUTPUTS = ['index.html', 'manifest.webmanifest', 'sw.js'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** A build is current when all its outputs exist and none is older than the newest source file. */
export function pwaBuildIsCurrent(root: string, distDir: string = path.join(root, 'pwa/dist')): boolean {
  const outputs = OUTPUTS.map((f) => path.join(distDir, f));
  if (!outputs.every((f) => existsSync(f))) return false;
  const built = Math.min(...outputs.map((f) => statSync(f).mtimeMs));
  return SOURCES.every((s) => newestMtime(path.join(root, s)) <= built);
}

/** `vite build` of the PWA into pwa/dist; resolves with its exit code, printing its output through `say`. */
export function buildPwa(root: string, say: (line: string) => void): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'build', '--silent', '-w', 'pwa'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let tail = '';
    const keep = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => {
      say(`PWA build could not start: ${error.message}`);
      resolve(1);
    });
    child.once('exit', (code) => {
      if (code !== 0) for (const line of tail.trim().split('\n')) say(`  ${line}`);
      resolve(code ?? 1);
    });
  });
}

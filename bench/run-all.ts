import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run bench`: runs every `bench/<name>/index.ts`, one after another (never in parallel: they
 * measure against a baseline in the same run and would disturb each other). `npm run bench -- edge`
 * runs only the named ones. Exit status is 1 if any benchmark failed.
 */
const BENCH_DIR = import.meta.dirname;
const only = new Set(process.argv.slice(2));

const suites = readdirSync(BENCH_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(BENCH_DIR, entry.name, 'index.ts')))
  .map((entry) => entry.name)
  .filter((name) => only.size === 0 || only.has(name))
  .sort();

if (suites.length === 0) {
  console.log(
    only.size > 0 ? `no benchmark named ${[...only].join(', ')} in bench/` : 'no benchmarks in bench/ yet',
  );
  process.exit(only.size > 0 ? 1 : 0);
}

const failed: string[] = [];
for (const name of suites) {
  console.log(`\n=== bench/${name} ===`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(BENCH_DIR, name, 'index.ts')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed.push(name);
}
console.log(
  `\n${suites.length - failed.length}/${suites.length} benchmarks ran${failed.length ? `; failed: ${failed.join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);

import { spawnSync } from 'node:child_process';

/** `npm test`: typecheck, lint, formatting, then every vitest suite (the global setup brings up PostgreSQL and Redis). */
const steps: Array<[string, string[]]> = [
  ['npx', ['tsc', '-b', 'tsconfig.json']],
  ['npx', ['tsc', '-p', 'pwa/tsconfig.json']],
  // Browser tests run code in the page (page.evaluate), so they type-check with the DOM library.
  ['npx', ['tsc', '-p', 'e2e/tsconfig.json']],
  ['npx', ['eslint', '.']],
  ['npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['npx', ['vitest', 'run', ...process.argv.slice(2)]],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

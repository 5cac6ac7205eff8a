import { spawnSync } from 'node:child_process';

/** `npm test`: typecheck, lint, then every vitest suite (the global setup brings up PostgreSQL and Redis). */
const steps: Array<[string, string[]]> = [
  ['npx', ['tsc', '-b', 'tsconfig.json']],
  ['npx', ['tsc', '-p', 'pwa/tsconfig.json']],
  ['npx', ['eslint', '.']],
  ['npx', ['vitest', 'run', ...process.argv.slice(2)]],
];
for (const [command, args] of steps) {
  console.log(`\n> ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

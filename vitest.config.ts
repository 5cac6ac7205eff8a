import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      '{shared,sync-server,edge,worker,desktop,sdk,cli,scripts}/**/*.test.ts',
      'e2e/**/*.test.ts',
      'pwa/src/**/*.test.{ts,tsx}',
    ],
    exclude: ['**/node_modules/**', '**/dist/**'],
    globalSetup: ['scripts/test-global-setup.ts'],
    setupFiles: ['scripts/fast-check-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** The source folders of every package: their import graph must hold no circle. */
const SOURCES = ['shared/src', 'sync-server/src', 'edge/src', 'worker/src', 'pwa/src', 'desktop/src'];

describe('import graph', () => {
  it('has no circular import, type-only imports included', () => {
    // madge exits 1 when it finds a circle; the JSON on stdout names them either way.
    const run = spawnSync(
      'npx',
      [
        'madge',
        '--circular',
        '--json',
        '--no-spinner',
        '--extensions',
        'ts,tsx',
        '--ts-config',
        'tsconfig.json',
        ...SOURCES,
      ],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    const circles: unknown = JSON.parse(run.stdout);
    expect(circles).toEqual([]);
  }, 120_000);
});

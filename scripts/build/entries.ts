/**
 * What `npm run build` compiles, as data: one bundle per production entry point, written beside its
 * workspace (`<workspace>/dist/<name>.js`), so a compiled file sits as deep in the tree as its source
 * did and paths a module computes from `import.meta.url` keep meaning the same folders.
 */
export const BUILD_TARGETS = {
  'sync-server': [
    { source: 'sync-server/src/main.ts', out: 'sync-server/dist/main.js' },
    // Each render process runs its own file (sync-server/src/platform/render-pool/pool.ts names it).
    { source: 'sync-server/src/platform/render-pool/child.ts', out: 'sync-server/dist/render-child.js' },
  ],
  edge: [
    { source: 'edge/src/main.ts', out: 'edge/dist/main.js' },
    { source: 'edge/src/cli/rebuild-cache-main.ts', out: 'edge/dist/rebuild-cache.js' },
  ],
  worker: [{ source: 'worker/src/main.ts', out: 'worker/dist/main.js' }],
  // The schema migrator, so an image migrates its database without tsx.
  shared: [{ source: 'scripts/migrate.ts', out: 'shared/dist/migrate.js' }],
} as const satisfies Record<string, ReadonlyArray<{ source: string; out: string }>>;

export type BuildTarget = keyof typeof BUILD_TARGETS;

export const BUILD_TARGET_NAMES = Object.keys(BUILD_TARGETS) as BuildTarget[];

/** The production entry of each long-running service (what `npm run serve -w <service>` and the images run). */
export const SERVICE_ENTRIES = {
  'sync-server': 'sync-server/dist/main.js',
  edge: 'edge/dist/main.js',
  worker: 'worker/dist/main.js',
} as const;

export type ServiceName = keyof typeof SERVICE_ENTRIES;

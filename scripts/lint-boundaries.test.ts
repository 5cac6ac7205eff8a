import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of ARCHITECTURE.md#the-layers, proven against the real eslint.config.js: each deliberately
 * wrong import is an error where it is forbidden, and the same line passes where it is allowed.
 */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2)
    .map((m) => m.message);
}

const CASES = [
  { code: "import x from 'pg';", forbiddenIn: 'edge/src/x.ts', allowedIn: 'sync-server/src/x.ts' },
  {
    code: "import { sql as x } from 'drizzle-orm';",
    forbiddenIn: 'pwa/src/x.ts',
    allowedIn: 'sync-server/src/x.ts',
  },
  {
    code: "import { eq as x } from 'drizzle-orm/sql';",
    forbiddenIn: 'edge/src/routes/x.ts',
    allowedIn: 'worker/src/x.ts',
  },
  {
    code: "import * as x from '@linkhub/shared/server/db';",
    forbiddenIn: 'edge/src/x.ts',
    allowedIn: 'sync-server/src/x.ts',
  },
  {
    code: "import { createTestDatabase as x } from '@linkhub/shared/server/db/testing';",
    forbiddenIn: 'pwa/src/x.ts',
    allowedIn: 'worker/src/x.ts',
  },
  {
    code: "import { migrate as x } from '../../shared/src/server/db/migrate';",
    forbiddenIn: 'edge/src/x/y.ts',
    allowedIn: 'scripts/x/y.ts',
  },
  {
    code: "import { createApp as x } from '@linkhub/sync-server/app';",
    forbiddenIn: 'shared/src/x.ts',
    allowedIn: 'sync-server/src/x.ts',
  },
  {
    code: "import x from '@linkhub/sync-server';",
    forbiddenIn: 'shared/src/server/db/x.ts',
    allowedIn: 'e2e/x.ts',
  },
  {
    code: "import x from 'pg';",
    forbiddenIn: 'shared/src/resolve/x.ts',
    allowedIn: 'shared/src/server/db/x.ts',
  },
  { code: "import x from 'pg';", forbiddenIn: 'pwa/src/x.tsx', allowedIn: 'edge/src/lookup/pg-lookup.ts' },
] as const;

describe('lint import boundaries', () => {
  for (const { code, forbiddenIn, allowedIn } of CASES) {
    it(`${code} is an error in ${forbiddenIn} and allowed in ${allowedIn}`, async () => {
      const errors = await restrictedImportErrors(code, forbiddenIn);
      expect(errors.length, `expected a no-restricted-imports error in ${forbiddenIn}`).toBe(1);
      expect(errors[0]).toMatch(/ARCHITECTURE.md#the-layers/);
      expect(await restrictedImportErrors(code, allowedIn)).toEqual([]);
    });
  }

  it('keeps the ORM out of the one edge file allowed the bare driver', async () => {
    expect(
      await restrictedImportErrors("import { sql as x } from 'drizzle-orm';", 'edge/src/lookup/pg-lookup.ts'),
    ).toHaveLength(1);
  });

  describe('sync-server layers (D-531, D-532)', () => {
    const LAYER_CASES = [
      {
        code: "import { findLink as x } from '../resources/links/queries';",
        forbiddenIn: 'sync-server/src/kernel/x.ts',
        allowedIn: 'sync-server/src/tables/x.ts',
      },
      {
        code: "import { ROUTE_GROUPS as x } from '../../tables/routes';",
        forbiddenIn: 'sync-server/src/resources/links/x.ts',
        allowedIn: 'sync-server/src/resources/links/x.test.ts',
      },
      {
        code: "import { runCommands as x } from '../http/run';",
        forbiddenIn: 'sync-server/src/sync/x.ts',
        allowedIn: 'sync-server/src/resources/x.ts',
      },
      {
        code: "import { findPage as x } from '../pages/queries';",
        forbiddenIn: 'sync-server/src/resources/links/x.ts',
        allowedIn: 'sync-server/src/resources/links/x.test.ts',
      },
    ] as const;
    for (const { code, forbiddenIn, allowedIn } of LAYER_CASES) {
      it(`${code} is an error in ${forbiddenIn} and allowed in ${allowedIn}`, async () => {
        const errors = await restrictedImportErrors(code, forbiddenIn);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(/sync-server layers/);
        expect(await restrictedImportErrors(code, allowedIn)).toEqual([]);
      });
    }

    it('lets a resource import another through its index.ts', async () => {
      expect(
        await restrictedImportErrors(
          "import { domainIdForHost as x } from '../domains';",
          'sync-server/src/resources/links/x.ts',
        ),
      ).toEqual([]);
    });
  });
});

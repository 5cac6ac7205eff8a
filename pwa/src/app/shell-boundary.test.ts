import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The shell composes the features and is no kit for them: proven against the real eslint.config.js. */
const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });

async function restrictedImportErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [x];\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' && m.severity === 2)
    .map((m) => m.message);
}

describe('the shell boundary', () => {
  it('refuses a feature importing from the shell, at any depth', async () => {
    expect(
      await restrictedImportErrors(
        "import { Frame as x } from '../../app/frame';",
        'pwa/src/features/links/x.tsx',
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImportErrors(
        "import { App as x } from '../../../app/app';",
        'pwa/src/features/links/deep/x.ts',
      ),
    ).toHaveLength(1);
  });

  it('lets a feature use the kit, and the shell use features', async () => {
    expect(
      await restrictedImportErrors(
        "import { Field as x } from '../../ui/field';",
        'pwa/src/features/links/x.tsx',
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { api as x } from '../../api/api';",
        'pwa/src/features/links/x.ts',
      ),
    ).toEqual([]);
    expect(
      await restrictedImportErrors(
        "import { LinksScreen as x } from '../features/links/links-screen';",
        'pwa/src/app/x.tsx',
      ),
    ).toEqual([]);
  });

  it('keeps the database boundary inside features', async () => {
    const errors = await restrictedImportErrors(
      "import { sql as x } from 'drizzle-orm';",
      'pwa/src/features/links/x.ts',
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/ARCHITECTURE.md#the-layers/);
  });
});

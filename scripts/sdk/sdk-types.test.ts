import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { SDK_TYPES_FILE, sdkTypesSource } from './sdk-types';

describe('the SDK types', () => {
  it('are what the current OpenAPI document generates (run scripts/sdk/generate-types.ts after changing the API)', async () => {
    expect(await readFile(SDK_TYPES_FILE, 'utf8')).toBe(await sdkTypesSource());
  });
});

/**
 * Writes sdk/src/generated/openapi.ts from the /v1 OpenAPI document. Run it after changing an operation
 * or a schema the REST API answers with:
 *
 *   npx tsx scripts/sdk/generate-types.ts
 */
import { writeFile } from 'node:fs/promises';
import { SDK_TYPES_FILE, sdkTypesSource } from './sdk-types';

const path = SDK_TYPES_FILE.pathname;
await writeFile(SDK_TYPES_FILE, await sdkTypesSource());
console.log(`SDK types → ${path}`);

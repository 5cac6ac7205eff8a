import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildOpenApiDocument } from '@linkhub/sync-server/src/tables/openapi-document';

/** Where the SDK's generated types live (committed, so the SDK type-checks without a build step). */
export const SDK_TYPES_FILE = new URL('../../sdk/src/generated/openapi.ts', import.meta.url);

const HEADER = `/**
 * Generated from the /v1 OpenAPI document by scripts/sdk/generate-types.ts: do not edit by hand.
 * scripts/sdk/sdk-types.test.ts fails while this file and the document disagree.
 */
`;

/** The TypeScript source of the SDK's \`paths\`, \`components\` and \`operations\` types, formatted as the repo formats. */
export async function sdkTypesSource(): Promise<string> {
  const document = buildOpenApiDocument('https://linkhub.example');
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)) as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
  });
  const filepath = SDK_TYPES_FILE.pathname;
  const options = await resolveConfig(filepath);
  return format(`${HEADER}${astToString(ast)}`, { ...options, filepath });
}

import type { Plugin } from 'vite';

/**
 * zod's classic schemas import its JSON Schema generator for `.toJSONSchema()`, so every bundle that
 * builds a schema carries it (~6 KB gzipped). The editor validates with zod and never asks for JSON
 * Schema (the OpenAPI document is made on the server), so its build resolves those two modules to
 * this stand-in; a call that reaches one says so instead of answering wrong.
 */
const JSON_SCHEMA_MODULE = /\/zod\/v4\/core\/(?:json-schema-processors|to-json-schema)\.js$/;
const STAND_IN_ID = '\0linkhub:zod-json-schema-stand-in';

const STAND_IN_SOURCE = `
const unavailable = () => {
  throw new Error('JSON Schema generation is not part of the editor build.');
};
export const toJSONSchema = unavailable;
export const aggregateChecks = unavailable;
export const allProcessors = {};
export const initializeContext = unavailable;
export const handleUnrepresentable = unavailable;
export const processSchema = unavailable;
export const process = unavailable;
export const extractDefs = unavailable;
export const finalize = unavailable;
export const createToJSONSchemaMethod = () => unavailable;
export const createStandardJSONSchemaMethod = () => unavailable;
`;

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'linkhub-zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('/zod/v4/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && JSON_SCHEMA_MODULE.test(resolved.id) ? STAND_IN_ID : null;
    },
    load(id) {
      return id === STAND_IN_ID ? STAND_IN_SOURCE : null;
    },
  };
}

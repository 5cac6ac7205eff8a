import { z } from 'zod';
import { ERROR_CODE_LIST } from '@linkhub/shared/errors/codes';
import { listMetaSchema } from '@linkhub/shared/schemas/common';
import { MAX_BODY_BYTES } from '../http/body-limit';
import { IDEMPOTENCY_HEADER } from '../http/idempotency';
import { OPERATIONS, type Operation, type Resource } from './operations';
import { webhooksSection } from '../resources/webhooks/openapi-webhooks';

type Json = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (what OpenAPI 3.1 uses), without the `$schema` line. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'draft-2020-12',
  });
  return rest;
}

const errorEnvelope = z.object({
  error: z.object({
    code: z.enum(ERROR_CODE_LIST as [string, ...string[]]),
    message: z.string(),
    details: z.array(z.looseObject({ field: z.string(), issue: z.string() })),
    request_id: z.string(),
  }),
});

const ERROR_TEXT: Record<number, string> = {
  400: 'Validation failed: one `details` entry per bad field',
  401: 'No valid API key (`unauthenticated`, `api_key_revoked`)',
  403: 'Refused by authorize(): `insufficient_scope`, `insufficient_role`, `plan_limit_reached`, …',
  404: 'Missing, in another workspace, or not granted — all the same answer',
  409: 'Conflict: `slug_taken`, `qr_slug_reserved`, `handle_taken`, `resource_archived`, `idempotency_key_in_progress`, …',
  413: `Body larger than ${MAX_BODY_BYTES} bytes (\`request_too_large\`)`,
  415: '`unsupported_media_type`: not a PNG, JPEG or SVG by its bytes, or not the type the request claimed',
  422: '`destination_unsafe`, `idempotency_key_reused`, `qr_unscannable`',
  412: '`stale_write`: If-Match names a version the item has moved on from; `details` name the fields changed since and carry `current_etag`',
  429: '`rate_limited`: see Retry-After and RateLimit-* headers',
};

/** Single resources whose GET carries an ETag and whose PATCH takes If-Match (D-500). */
const VERSIONED_RESOURCES = new Set(['links', 'qr-codes', 'pages']);
const versioned = (op: Operation): boolean =>
  VERSIONED_RESOURCES.has(op.resource) &&
  /\/\{id\}$/.test(op.path) &&
  (op.method === 'get' || op.method === 'patch');
const ETAG_HEADER = {
  ETag: {
    schema: { type: 'string' },
    description: 'The item\'s version, `W/"<n>"`: send it back as If-Match',
  },
};

const rateHeaders = {
  'RateLimit-Limit': {
    schema: { type: 'integer' },
    description: 'Requests allowed per minute for this key (its plan)',
  },
  'RateLimit-Remaining': { schema: { type: 'integer' } },
  'RateLimit-Reset': { schema: { type: 'integer' }, description: 'Seconds until a slot frees' },
};

function parametersOf(op: Operation): Json[] {
  const params: Json[] = [];
  for (const [, name] of op.path.matchAll(/\{(\w+)\}/g))
    params.push({ name, in: 'path', required: true, schema: { type: 'string', format: 'uuid' } });
  if (op.query) {
    const json = schemaOf(op.query, 'input');
    const properties = (json.properties ?? {}) as Record<string, Json>;
    const required = new Set(Array.isArray(json.required) ? json.required : []);
    for (const [name, schema] of Object.entries(properties)) {
      const example = op.exampleQuery?.[name];
      params.push({
        name,
        in: 'query',
        required: required.has(name) && !('default' in schema),
        schema,
        ...(example === undefined ? {} : { example }),
      });
    }
  }
  if (versioned(op) && op.method === 'patch')
    params.push({
      name: 'If-Match',
      in: 'header',
      required: false,
      schema: { type: 'string' },
      description:
        'The ETag of the version read: a stale one answers 412 stale_write; absent, the last write wins',
    });
  if (op.method === 'post')
    params.push({
      name: IDEMPOTENCY_HEADER,
      in: 'header',
      required: false,
      schema: { type: 'string', minLength: 1, maxLength: 255 },
      description:
        'Replays the first response for 24 h; a different body with the same key is 422 idempotency_key_reused',
    });
  return params;
}

function successOf(op: Operation): Json {
  if (op.binary)
    return {
      description: 'The file',
      headers: rateHeaders,
      content: Object.fromEntries(
        op.binary.map((m) => [m, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  const data = op.response ? { $ref: `#/components/schemas/${componentName(op)}` } : {};
  const body = {
    type: 'object',
    required: ['data', 'meta'],
    properties: {
      data: op.list ? { type: 'array', items: data } : data,
      meta: op.list
        ? schemaOf(listMetaSchema, 'output')
        : op.meta
          ? schemaOf(op.meta, 'output')
          : { type: 'object' },
    },
  };
  const headers = versioned(op) ? { ...rateHeaders, ...ETAG_HEADER } : rateHeaders;
  return { description: op.summary, headers, content: { 'application/json': { schema: body } } };
}

const componentName = (op: Operation): string =>
  op.component ??
  `${op.resource.replace(/(^|-)(\w)/g, (_, _d: string, ch: string) => ch.toUpperCase()).replace(/s$/, '')}`;

/** Every tag an operation (its `resource`) or the webhooks section uses, each described (redocly's tag-description, D-628). */
/** One description per resource: a new resource does not type-check until its tag is described. */
const TAG_DESCRIPTIONS: Record<Resource, string> = {
  links: 'Branded short links: destination, slug, schedule, targeting, split, previews, app links',
  imports: 'Links imported from an export of Bitly, Dub, Rebrandly, Shlink, Kutt or YOURLS',
  folders: 'Link folders (one level deep), a filter and a unit of member grants',
  'utm-presets': 'UTM presets of the workspace, applied with utm_preset_id',
  'qr-codes': 'Dynamic QR codes: their destination or hosted payload, design, exports and print sheets',
  'brand-kits': 'Saved QR designs of the workspace, applied with brand_kit_id',
  pages: 'Bio pages: blocks, theme, publishing and versions',
  domains: 'Custom domains: adding, verification and what each one serves',
  analytics: 'Clicks, scans and page views: totals, series and breakdowns',
  assets: 'Uploaded images (logos, photos) and their variants',
  experiments: 'A/B tests on a link, a QR code or a bio page',
  conversions: 'Conversions reported against an A/B test click id',
  webhooks: 'Endpoints, their delivery log, and the events they receive (see `webhooks`)',
};

export const API_TAGS: ReadonlyArray<{ name: string; description: string }> = Object.entries(
  TAG_DESCRIPTIONS,
).map(([name, description]) => ({ name, description }));

/** The OpenAPI 3.1 document of /v1, generated from the operation table and the shared zod schemas. */
export function buildOpenApiDocument(serverUrl: string): Json {
  const paths: Record<string, Record<string, Json>> = {};
  const schemas: Record<string, Json> = { Error: schemaOf(errorEnvelope, 'output') };
  for (const op of OPERATIONS) {
    if (op.response) schemas[componentName(op)] = schemaOf(op.response, 'output');
    const conditional = versioned(op) && op.method === 'patch' ? [412] : [];
    const errors = [...new Set([400, 401, 403, 413, 429, ...conditional, ...op.errors])].sort();
    const responses: Record<string, Json> = { [String(op.status)]: successOf(op) };
    for (const status of errors)
      responses[String(status)] = {
        description: ERROR_TEXT[status] ?? 'Error',
        ...(status === 429
          ? { headers: { 'Retry-After': { schema: { type: 'integer' } }, ...rateHeaders } }
          : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      };
    const operation: Json = {
      operationId: op.operationId,
      summary: op.summary,
      tags: [op.resource],
      security: op.session ? [{ apiKey: [] }, { session: [] }, { sessionToken: [] }] : [{ apiKey: [] }],
      'x-required-scope': op.scope,
      parameters: parametersOf(op),
      responses,
    };
    if (op.upload)
      operation.requestBody = {
        required: true,
        content: {
          ...Object.fromEntries(op.upload.map((m) => [m, { schema: { type: 'string', format: 'binary' } }])),
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: { file: { type: 'string', format: 'binary' } },
            },
          },
        },
      };
    if (op.body)
      operation.requestBody = {
        required: true,
        content: {
          'application/json': {
            schema: schemaOf(op.body, 'input'),
            ...(op.example ? { example: op.example } : {}),
          },
        },
      };
    (paths[op.path] ??= {})[op.method] = operation;
  }
  const outbound = webhooksSection((schema) => schemaOf(schema, 'output'));
  Object.assign(schemas, outbound.schemas);
  return {
    openapi: '3.1.0',
    info: {
      title: 'LinkHub API',
      version: '1.0.0',
      description:
        'Links, dynamic QR codes, bio pages and domains. JSON is snake_case; bodies are {data, meta}; lists are cursor-paginated (?limit=&cursor=, meta.next_cursor); errors are {error: {code, message, details, request_id}}.',
      // The API is the product's own, under the terms its server publishes with these docs (D-628).
      license: { name: 'LinkHub API terms', url: `${serverUrl}/v1/docs` },
    },
    servers: [{ url: serverUrl, description: 'This LinkHub server' }],
    security: [{ apiKey: [] }],
    tags: API_TAGS,
    paths,
    webhooks: outbound.webhooks,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lh_<prefix>_<secret>',
          description: 'An API key, bound to one workspace, with scopes',
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: 'lh_session',
          description: "The editor's signed-in session (operations that say so)",
        },
        sessionToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'lhs_…',
          description: "The editor's session token (desktop app, CLI; operations that say so)",
        },
      },
      schemas,
    },
  };
}

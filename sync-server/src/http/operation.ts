import type { z } from 'zod';
import type { ApiKeyScope } from '@linkhub/shared/permissions/scopes';

// The shape of one documented /v1 operation, in its own module so each area's operation table
// (webhooks, experiments…) can import it without an import circle through tables/operations.ts.

export type Resource =
  | 'links'
  | 'imports'
  | 'qr-codes'
  | 'brand-kits'
  | 'folders'
  | 'utm-presets'
  | 'pages'
  | 'domains'
  | 'analytics'
  | 'assets'
  | 'webhooks'
  | 'experiments'
  | 'conversions';

/**
 * Every /v1 route this service documents, as data: the OpenAPI document is generated from it and
 * from the shared zod schemas, and the contract test walks the document back onto the routes.
 */
export type Operation = {
  readonly operationId: string;
  readonly method: 'get' | 'post' | 'patch' | 'delete';
  readonly path: string;
  readonly resource: Resource;
  readonly summary: string;
  readonly scope: ApiKeyScope;
  readonly status: 200 | 201;
  readonly body?: z.ZodType;
  readonly query?: z.ZodObject;
  readonly response?: z.ZodType;
  /** The success body's `meta` (default: an object; lists: the cursor). */
  readonly meta?: z.ZodType;
  readonly list?: boolean;
  /** The editor's session is accepted too (cookie or bearer session token), not only an API key. */
  readonly session?: boolean;
  /** A binary request body (an upload): its media types; a multipart form with a `file` field is documented beside them. */
  readonly upload?: readonly string[];
  /** Binary answers (the QR print file): the media types it may have. */
  readonly binary?: readonly string[];
  readonly example?: Record<string, unknown>;
  /** Example values of required query parameters (documented as the parameter's `example`). */
  readonly exampleQuery?: Record<string, string>;
  /** The response's component name (default: from the resource). */
  readonly component?: string;
  /** Error statuses the route can answer besides the common 400/401/403/413/429. */
  readonly errors: readonly number[];
};

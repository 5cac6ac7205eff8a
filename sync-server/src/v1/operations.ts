import { z } from 'zod';
import type { ApiKeyScope } from '@linkhub/shared/permissions/scopes';
import { idParamSchema, paginationQuerySchema } from '@linkhub/shared/schemas/common';
import {
  createLinkInputSchema,
  linkSchema,
  listLinksQuerySchema,
  updateLinkInputSchema,
} from '@linkhub/shared/schemas/links';
import {
  createQrCodeInputSchema,
  listQrCodesQuerySchema,
  qrCodeSchema,
  renderQrQuerySchema,
  updateQrCodeInputSchema,
} from '@linkhub/shared/schemas/qr-codes';
import {
  createPageInputSchema,
  listPagesQuerySchema,
  pageSchema,
  updatePageInputSchema,
} from '@linkhub/shared/schemas/pages';
import {
  createDomainInputSchema,
  domainSchema,
  updateDomainInputSchema,
} from '@linkhub/shared/schemas/domains';
import { ASSET_UPLOAD_MEDIA_TYPES, assetSchema, listAssetsQuerySchema } from '@linkhub/shared/schemas/assets';
import { breakdownSchema, timeseriesSchema } from '../analytics/query-schemas';
import {
  BULK_MAX_LINKS,
  bulkCreateLinksInputSchema,
  bulkLinkResultsSchema,
  bulkLinksMetaSchema,
} from './bulk-links-schema';
import { WEBHOOK_OPERATIONS } from '../webhooks/operations';
import { EXPERIMENT_OPERATIONS } from '../experiments/operations';

const count = z.number().int().min(0);
/** `/v1/analytics/*` answers (routes/analytics.ts, the analytics engineer's; documented here). */
export const timeseriesPointsSchema = z.array(
  z.looseObject({
    bucket_start: z.string(),
    clicks: count,
    scans: count,
    page_views: count,
    unique_visitors: count.nullable(),
  }),
);
export const breakdownRowsSchema = z.array(
  z.looseObject({
    value: z.string().nullable(),
    events: count,
    clicks: count,
    scans: count,
    page_views: count,
    bot_events: count,
  }),
);

/** A page as returned: the shared page schema plus its draft blocks (flat, as accepted, with id/position). */
export const pageWithBlocksSchema = pageSchema.extend({
  blocks: z.array(
    z.looseObject({ id: z.string(), type: z.string(), position: z.string(), is_visible: z.boolean() }),
  ),
});

export type Resource =
  | 'links'
  | 'qr-codes'
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

const link = { destination_url: 'https://example.com/spring', title: 'Spring sale', tags: ['spring'] };

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: 'listLinks',
    method: 'get',
    path: '/v1/links',
    resource: 'links',
    summary: 'List links (newest first; ?q= searches title, slug, destination and tags)',
    scope: 'links:read',
    status: 200,
    query: listLinksQuerySchema,
    response: linkSchema,
    list: true,
    errors: [],
  },
  {
    operationId: 'createLink',
    method: 'post',
    path: '/v1/links',
    resource: 'links',
    summary: 'Create a short link (slug generated when absent; domain defaults to the system link host)',
    scope: 'links:write',
    status: 201,
    body: createLinkInputSchema,
    response: linkSchema,
    example: link,
    errors: [404, 409, 422],
  },
  {
    operationId: 'bulkCreateLinks',
    method: 'post',
    path: '/v1/links/bulk',
    resource: 'links',
    summary: `Create up to ${BULK_MAX_LINKS} links in one request (each item a createLink body; an item that fails fails alone, with its error; results in request order). With a session, workspace_id is required; an API key may omit it. Counts as one request against the rate limit`,
    scope: 'links:write',
    status: 200,
    body: bulkCreateLinksInputSchema,
    response: bulkLinkResultsSchema,
    meta: bulkLinksMetaSchema,
    component: 'BulkLinkResults',
    session: true,
    example: { links: [link, { destination_url: 'https://example.com/autumn', slug: 'autumn' }] },
    errors: [404, 409, 422],
  },
  {
    operationId: 'getLink',
    method: 'get',
    path: '/v1/links/{id}',
    resource: 'links',
    summary: 'Read a link',
    scope: 'links:read',
    status: 200,
    response: linkSchema,
    errors: [404],
  },
  {
    operationId: 'updateLink',
    method: 'patch',
    path: '/v1/links/{id}',
    resource: 'links',
    summary: 'Update a link (any subset; status pauses or resumes)',
    scope: 'links:write',
    status: 200,
    body: updateLinkInputSchema,
    response: linkSchema,
    example: { title: 'Summer sale' },
    errors: [404, 409, 422],
  },
  {
    operationId: 'archiveLink',
    method: 'delete',
    path: '/v1/links/{id}',
    resource: 'links',
    summary: 'Archive a link',
    scope: 'links:write',
    status: 200,
    response: linkSchema,
    errors: [404, 409],
  },

  {
    operationId: 'listQrCodes',
    method: 'get',
    path: '/v1/qr-codes',
    resource: 'qr-codes',
    summary: 'List dynamic QR codes',
    scope: 'qr:read',
    status: 200,
    query: listQrCodesQuerySchema,
    response: qrCodeSchema,
    list: true,
    errors: [],
  },
  {
    operationId: 'createQrCode',
    method: 'post',
    path: '/v1/qr-codes',
    resource: 'qr-codes',
    summary: 'Create a dynamic QR code (its slug is reserved forever)',
    scope: 'qr:write',
    status: 201,
    body: createQrCodeInputSchema,
    response: qrCodeSchema,
    example: { destination_url: 'https://example.com/menu', title: 'Table menu' },
    errors: [404, 409, 422],
  },
  {
    operationId: 'getQrCode',
    method: 'get',
    path: '/v1/qr-codes/{id}',
    resource: 'qr-codes',
    summary: 'Read a QR code',
    scope: 'qr:read',
    status: 200,
    response: qrCodeSchema,
    errors: [404],
  },
  {
    operationId: 'updateQrCode',
    method: 'patch',
    path: '/v1/qr-codes/{id}',
    resource: 'qr-codes',
    summary: 'Re-point or restyle a QR code (the slug never changes)',
    scope: 'qr:write',
    status: 200,
    body: updateQrCodeInputSchema,
    response: qrCodeSchema,
    example: { destination_url: 'https://example.com/menu-2' },
    errors: [404, 409, 422],
  },
  {
    operationId: 'archiveQrCode',
    method: 'delete',
    path: '/v1/qr-codes/{id}',
    resource: 'qr-codes',
    summary: 'Archive a QR code (it keeps resolving through its fallback)',
    scope: 'qr:write',
    status: 200,
    response: qrCodeSchema,
    errors: [404, 409],
  },
  {
    operationId: 'listAssets',
    method: 'get',
    path: '/v1/assets',
    resource: 'assets',
    summary: 'List uploaded QR logos (newest first)',
    scope: 'qr:read',
    status: 200,
    query: listAssetsQuerySchema,
    response: assetSchema,
    list: true,
    errors: [],
  },
  {
    operationId: 'getAsset',
    method: 'get',
    path: '/v1/assets/{id}',
    resource: 'assets',
    summary: 'Read an uploaded QR logo',
    scope: 'qr:read',
    status: 200,
    response: assetSchema,
    errors: [404],
  },
  {
    operationId: 'getAssetContent',
    method: 'get',
    path: '/v1/assets/{id}/content',
    resource: 'assets',
    summary: 'The stored image of an uploaded QR logo',
    scope: 'qr:read',
    status: 200,
    binary: ['image/png', 'image/jpeg'],
    errors: [404],
  },
  {
    operationId: 'deleteAsset',
    method: 'delete',
    path: '/v1/assets/{id}',
    resource: 'assets',
    summary: 'Delete an uploaded QR logo (refused with 409 asset_in_use while a QR code design uses it)',
    scope: 'pages:write',
    status: 200,
    response: assetSchema,
    errors: [404, 409],
  },
  {
    operationId: 'uploadAsset',
    method: 'post',
    path: '/v1/assets',
    resource: 'assets',
    summary:
      'Upload a QR centre logo (PNG, JPEG or SVG by its bytes, at most 256 KiB; SVG is stored rasterised); use its logo_source as design.logo.source; an SVG too complex to draw is 422 image_too_complex',
    scope: 'pages:write',
    status: 201,
    upload: ASSET_UPLOAD_MEDIA_TYPES,
    response: assetSchema,
    errors: [415, 422],
  },
  {
    operationId: 'renderQrCode',
    method: 'get',
    path: '/v1/qr-codes/{id}/render',
    resource: 'qr-codes',
    summary:
      'The print file of the current design (a PNG over 6,000 px a side is 422 qr_render_too_large with max_size_mm)',
    scope: 'qr:read',
    status: 200,
    query: renderQrQuerySchema,
    binary: ['image/svg+xml', 'image/png', 'application/pdf', 'application/postscript'],
    errors: [404, 422],
  },

  {
    operationId: 'listPages',
    method: 'get',
    path: '/v1/pages',
    resource: 'pages',
    summary: 'List bio pages',
    scope: 'pages:read',
    status: 200,
    query: listPagesQuerySchema,
    response: pageWithBlocksSchema,
    list: true,
    errors: [],
  },
  {
    operationId: 'createPage',
    method: 'post',
    path: '/v1/pages',
    resource: 'pages',
    summary: 'Create a bio page with its blocks (a draft until published)',
    scope: 'pages:write',
    status: 201,
    body: createPageInputSchema,
    response: pageWithBlocksSchema,
    example: {
      handle: 'ada',
      title: 'Ada',
      blocks: [
        { type: 'header', text: 'Hello' },
        { type: 'link', title: 'Blog', url: 'https://example.com/blog' },
      ],
    },
    errors: [409, 422],
  },
  {
    operationId: 'getPage',
    method: 'get',
    path: '/v1/pages/{id}',
    resource: 'pages',
    summary: 'Read a bio page and its draft blocks',
    scope: 'pages:read',
    status: 200,
    response: pageWithBlocksSchema,
    errors: [404],
  },
  {
    operationId: 'updatePage',
    method: 'patch',
    path: '/v1/pages/{id}',
    resource: 'pages',
    summary: 'Update a page; blocks, when sent, replace the draft block list',
    scope: 'pages:write',
    status: 200,
    body: updatePageInputSchema,
    response: pageWithBlocksSchema,
    example: { title: 'Ada L.' },
    errors: [404, 409],
  },
  {
    operationId: 'archivePage',
    method: 'delete',
    path: '/v1/pages/{id}',
    resource: 'pages',
    summary: 'Archive a page (it stops being public)',
    scope: 'pages:write',
    status: 200,
    response: pageWithBlocksSchema,
    errors: [404, 409],
  },
  {
    operationId: 'publishPage',
    method: 'post',
    path: '/v1/pages/{id}/publish',
    resource: 'pages',
    summary: 'Make the current draft the public page',
    scope: 'pages:write',
    status: 200,
    response: pageWithBlocksSchema,
    errors: [404, 409],
  },

  {
    operationId: 'listDomains',
    method: 'get',
    path: '/v1/domains',
    resource: 'domains',
    summary: "List the workspace's custom domains",
    scope: 'domains:read',
    status: 200,
    query: paginationQuerySchema,
    response: domainSchema,
    list: true,
    errors: [],
  },
  {
    operationId: 'createDomain',
    method: 'post',
    path: '/v1/domains',
    resource: 'domains',
    summary: 'Connect a custom domain (verified by a DNS TXT record)',
    scope: 'domains:write',
    status: 201,
    body: createDomainInputSchema,
    response: domainSchema,
    example: { hostname: 'go.example.com' },
    errors: [409],
  },
  {
    operationId: 'getDomain',
    method: 'get',
    path: '/v1/domains/{id}',
    resource: 'domains',
    summary: 'Read a custom domain',
    scope: 'domains:read',
    status: 200,
    response: domainSchema,
    errors: [404],
  },
  {
    operationId: 'analyticsTimeseries',
    method: 'get',
    path: '/v1/analytics/timeseries',
    resource: 'analytics',
    summary: 'Counts per hour or day (clicks, scans, views, unique visitors); bots excluded',
    scope: 'analytics:read',
    status: 200,
    query: timeseriesSchema,
    response: timeseriesPointsSchema,
    component: 'TimeseriesPoints',
    errors: [404],
  },
  {
    operationId: 'analyticsBreakdown',
    method: 'get',
    path: '/v1/analytics/breakdown',
    resource: 'analytics',
    summary: 'Counts by one dimension value, largest first',
    scope: 'analytics:read',
    status: 200,
    query: breakdownSchema,
    exampleQuery: { dimension: 'country' },
    response: breakdownRowsSchema,
    component: 'BreakdownRows',
    errors: [404],
  },
  {
    operationId: 'updateDomain',
    method: 'patch',
    path: '/v1/domains/{id}',
    resource: 'domains',
    summary: 'Change what a custom domain serves: purpose, root bio page, where unknown slugs go',
    scope: 'domains:write',
    status: 200,
    body: updateDomainInputSchema,
    response: domainSchema,
    example: { not_found_url: 'https://example.com/' },
    errors: [404],
  },
  {
    operationId: 'verifyDomain',
    method: 'post',
    path: '/v1/domains/{id}/verify',
    resource: 'domains',
    summary: 'Check the DNS records of a custom domain again now',
    scope: 'domains:write',
    status: 200,
    response: domainSchema,
    errors: [404],
  },
  {
    operationId: 'removeDomain',
    method: 'delete',
    path: '/v1/domains/{id}',
    resource: 'domains',
    summary: 'Remove a custom domain',
    scope: 'domains:write',
    status: 200,
    response: domainSchema,
    errors: [404, 409],
  },
  ...WEBHOOK_OPERATIONS,
  ...EXPERIMENT_OPERATIONS,
];

export const ID_PARAM = idParamSchema;

import {
  createPageInputSchema,
  listPagesQuerySchema,
  pageSchema,
  updatePageInputSchema,
} from '@linkhub/shared/schemas/pages';
import { z } from 'zod';
import type { Operation } from '../../http/operation';

/** A page as returned: the shared page schema plus its draft blocks (flat, as accepted, with id/position). */
export const pageWithBlocksSchema = pageSchema.extend({
  blocks: z.array(
    z.looseObject({ id: z.string(), type: z.string(), position: z.string(), is_visible: z.boolean() }),
  ),
});

/** /v1/pages: bio pages, their blocks, publishing. */
export const PAGE_OPERATIONS: readonly Operation[] = [
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
];

import { Hono } from 'hono';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { uuidv7 } from '@linkhub/shared/server/db';
import { INLINE_LOGO_FIELD } from '@linkhub/shared/server/svg/logo';
import {
  createQrCodeInputSchema,
  listQrCodesQuerySchema,
  renderQrQuerySchema,
  updateQrCodeInputSchema,
} from '@linkhub/shared/schemas/qr-codes';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../app-deps';
import { parseBody, parseQuery, uuidParam } from '../../accounts/http';
import { authorizeRead, qrRenderCaller, v1Caller } from '../../v1/caller';
import { pageOf } from '../../v1/cursor';
import { sendData, sendList } from '../../v1/envelope';
import { notFoundAfterAuthorize } from '../../v1/not-found';
import { domainIdForHost } from '../../v1/queries/domains';
import { findQrCode, listQrCodes } from '../../v1/queries/qr-codes';
import { qrFileFromStore } from '../../v1/qr-render';
import { defined, runCommands } from '../../v1/run';
import { serializeQrCode } from '../../v1/serializers/qr-codes';
import { assertFresh, etagOf, ifMatchVersion } from '../../v1/preconditions';

/** The inline logo a refusal names, as the REST body spells it. */
const apiDesignField = (field: string) =>
  field === INLINE_LOGO_FIELD ? 'design.logo.source.data_url' : field;

/** `/v1/qr-codes` (docs/product-rules.md#api): dynamic codes whose slug is reserved forever; archive keeps them resolving. */
export function v1QrRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const read = async (workspaceId: string, id: string) =>
    serializeQrCode(notFoundAfterAuthorize(await findQrCode(deps.pool, workspaceId, id)), deps.addressOf);

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listQrCodesQuerySchema);
    const scope = await authorizeRead(deps, caller, 'qr_code.list', 'qr_code');
    const { items, nextCursor } = pageOf(await listQrCodes(deps.pool, scope, query), query.limit);
    return sendList(
      c,
      items.map((row) => serializeQrCode(row, deps.addressOf)),
      nextCursor,
    );
  });

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const input = await parseBody(c, createQrCodeInputSchema);
    const id = uuidv7();
    const domainId =
      input.domain_id ??
      (input.domain ? await domainIdForHost(deps.pool, caller.workspaceId, input.domain) : undefined);
    await runCommands(deps, caller, c.get('requestId'), [
      {
        name: 'createQrCode',
        args: defined({
          id,
          workspace_id: caller.workspaceId,
          destination_url: input.destination_url,
          slug: input.slug,
          domain_id: domainId,
          title: input.title,
          design: input.design,
        }),
        fieldOf: apiDesignField,
      },
    ]);
    c.header('Location', `/v1/qr-codes/${id}`);
    return sendData(c, await read(caller.workspaceId, id), 201);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await authorizeRead(deps, caller, 'qr_code.view', 'qr_code', { type: 'qr_code', id });
    const qr = await read(caller.workspaceId, id);
    const tag = await etagOf(deps.pool, 'qr_code', caller.workspaceId, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, qr);
  });

  app.patch('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const input = await parseBody(c, updateQrCodeInputSchema);
    const expected = ifMatchVersion(c.req.header('If-Match'));
    // A conditional write names what changed: only to someone who may read the code (D-500).
    if (expected !== null)
      await authorizeRead(deps, caller, 'qr_code.view', 'qr_code', { type: 'qr_code', id });
    if (input.status !== undefined)
      throw new ValidationError([{ field: 'status', issue: 'not_supported' }], {
        message: 'Pausing a QR code is not supported by the API yet.',
      });
    await runCommands(
      deps,
      caller,
      c.get('requestId'),
      [
        {
          name: 'updateQrCode',
          args: defined({
            id,
            workspace_id: caller.workspaceId,
            destination_url: input.destination_url,
            title: input.title,
            design: input.design,
          }),
          fieldOf: apiDesignField,
        },
      ],
      assertFresh('qr_code', { id, workspaceId: caller.workspaceId }, expected, Object.keys(input)),
    );
    const tag = await etagOf(deps.pool, 'qr_code', caller.workspaceId, id);
    if (tag) c.header('ETag', tag);
    return sendData(c, await read(caller.workspaceId, id));
  });

  /** Archive: the code keeps resolving through its fallback chain (docs/product-rules.md#qr-fallback-chain); its slug stays reserved. */
  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    await runCommands(deps, caller, c.get('requestId'), [
      { name: 'archiveQrCode', args: { id, workspace_id: caller.workspaceId } },
    ]);
    return sendData(c, await read(caller.workspaceId, id));
  });

  app.get('/:id/render', async (c) => {
    const id = uuidParam(c, 'id');
    const caller = await qrRenderCaller(c, deps, id);
    const query = parseQuery(c, renderQrQuerySchema);
    await authorizeRead(deps, caller, 'qr_code.render', 'qr_code', { type: 'qr_code', id });
    const row = notFoundAfterAuthorize(await findQrCode(deps.pool, caller.workspaceId, id));
    const file = await qrFileFromStore(
      { pool: deps.pool, store: deps.artifacts, render: deps.renderPool.renderQr, addressOf: deps.addressOf },
      row.id,
      query,
    );
    c.header('Content-Type', file.contentType);
    c.header('Content-Length', String(file.byteSize));
    c.header('Content-Disposition', `attachment; filename="${row.slug}.${file.extension}"`);
    c.header('Cache-Control', 'private, max-age=0');
    c.header('ETag', `"${file.sha256}"`);
    // A downloaded SVG is a document: never let it run anything if opened in a browser.
    c.header('X-Content-Type-Options', 'nosniff');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox",
    );
    return c.body(file.body instanceof Uint8Array ? new Uint8Array(file.body) : file.body, 200);
  });

  return app;
}

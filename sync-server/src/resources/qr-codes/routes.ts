import { Hono } from 'hono';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import {
  createQrCodeInputSchema,
  listQrCodesQuerySchema,
  renderQrQuerySchema,
  updateQrCodeInputSchema,
} from '@linkhub/shared/schemas/qr-codes';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { authorizeRead, keyOrSessionCaller, qrRenderCaller, requireActor, v1Caller } from '../../http/caller';
import { bulkCreateQrCodes } from './bulk';
import { bulkCreateQrCodesEnvelopeSchema } from './bulk-schema';
import { apiDesignField, createQrCodeStep, parseCreateBody } from './create';
import { qrPrintSheet } from './print-sheet';
import { applyBrandKit } from './brand-kits';
import { qrPrintSheetInputSchema } from '@linkhub/shared/schemas/qr-print-sheets';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { domainIdForHost } from '../domains';
import { findQrCode, listQrCodes } from './queries';
import { qrFileFromStore } from './render';
import { defined, runCommands, commandStep } from '../../http/run';
import { serializeQrCode } from './serializer';
import { assertFresh, etagOf, ifMatchVersion } from '../../http/preconditions';
import { archiveQrCodeCommand, updateQrCodeCommand } from './commands';

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
    const sent = await parseBody(c, createQrCodeInputSchema);
    // With a brand kit, the body is parsed again with the kit's design under it (D-577).
    const input =
      sent.brand_kit_id === undefined
        ? sent
        : parseCreateBody(await applyBrandKit(deps.pool, caller.workspaceId, JSON.parse(await c.req.text())));
    const { id, step } = await createQrCodeStep(caller.workspaceId, input, (host) =>
      domainIdForHost(deps.pool, caller.workspaceId, host),
    );
    await runCommands(deps, caller, c.get('requestId'), [step]);
    c.header('Location', `/v1/qr-codes/${id}`);
    return sendData(c, await read(caller.workspaceId, id), 201);
  });

  /** Up to 100 codes in one request (the editor's CSV import too, with its session): each item succeeds or fails alone. */
  app.post('/bulk', async (c) => {
    await requireActor(c, deps);
    const body = await parseBody(c, bulkCreateQrCodesEnvelopeSchema);
    const caller = await keyOrSessionCaller(c, deps, body.workspace_id);
    const { data, meta } = await bulkCreateQrCodes(
      deps,
      caller,
      c.get('requestId'),
      body.qr_codes,
      body.brand_kit_id,
    );
    return sendData(c, data, 200, meta);
  });

  /** The chosen codes on one PDF (A4 or Letter, N a page, crop marks, captions): table tents and stickers. */
  app.post('/print-sheet', async (c) => {
    await requireActor(c, deps);
    const input = await parseBody(c, qrPrintSheetInputSchema);
    const caller = await keyOrSessionCaller(c, deps, input.workspace_id);
    const sheet = await qrPrintSheet(deps, caller, input);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Length', String(sheet.bytes.byteLength));
    c.header('Content-Disposition', `attachment; filename="qr-print-sheet-${input.paper}.pdf"`);
    c.header('Cache-Control', 'private, no-store');
    c.header('X-Print-Sheet-Pages', String(sheet.pages));
    c.header('X-Print-Sheet-Code-Size-Mm', String(sheet.codeSizeMm));
    return c.body(new Uint8Array(sheet.bytes), 200);
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
        commandStep(
          updateQrCodeCommand,
          defined({
            id,
            workspace_id: caller.workspaceId,
            payload: input.payload,
            destination_url: input.destination_url,
            title: input.title,
            design: input.design,
          }),
          apiDesignField,
        ),
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
      commandStep(archiveQrCodeCommand, { id, workspace_id: caller.workspaceId }),
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

import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { normaliseLogoUpload } from '@linkhub/shared/server/artifacts/logo-upload';
import { uuidv7 } from '@linkhub/shared/server/db';
import {
  ConflictError,
  NotFoundError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '@linkhub/shared/errors/app-error';
import { listAssetsQuerySchema, type Asset } from '@linkhub/shared/schemas/assets';
import { parseQuery, uuidParam } from '../../accounts/http';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { authorizeCommand } from '../../commands/authorization';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../app-deps';
import { authorizeRead, v1Caller } from '../../v1/caller';
import { pageOf } from '../../v1/cursor';
import { notFoundAfterAuthorize } from '../../v1/not-found';
import { sendData, sendList } from '../../v1/envelope';
import { cursorColumn, ListSql } from '../../v1/queries/list-sql';

type AssetRow = {
  id: string;
  storage_key: string;
  workspace_id: string;
  content_type: 'image/png' | 'image/jpeg';
  byte_size: number;
  width: number;
  height: number;
  sha256: string;
  created_at: Date;
};

const COLUMNS = 'id, workspace_id, storage_key, content_type, byte_size, width, height, sha256, created_at';

const serializeAsset = (row: AssetRow): Asset => ({
  id: row.id,
  workspace_id: row.workspace_id,
  kind: 'qr_logo',
  content_type: row.content_type,
  byte_size: row.byte_size,
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  created_at: row.created_at.toISOString(),
  logo_source: { kind: 'asset', asset_id: row.id },
});

/** The uploaded file and the type its sender claimed: a raw image body, or the `file` field of a multipart form. */
async function uploadedFile(c: Context<AppEnv>): Promise<{ bytes: Uint8Array; declaredType: string }> {
  const contentType = c.req.header('Content-Type') ?? '';
  const body = new Uint8Array(await c.req.arrayBuffer());
  if (!/^multipart\/form-data\b/i.test(contentType)) return { bytes: body, declaredType: contentType };
  let form: FormData;
  try {
    form = await new Request('http://upload.invalid/', {
      method: 'POST',
      headers: { 'Content-Type': contentType },
      body,
    }).formData();
  } catch {
    throw new ValidationError([{ field: 'body', issue: 'invalid_multipart' }], {
      message: 'The multipart body could not be read.',
    });
  }
  const file = form.get('file');
  if (file === null || typeof file === 'string') {
    throw new ValidationError([{ field: 'file', issue: 'required' }], {
      message: 'Send the image as the form field "file".',
    });
  }
  return { bytes: new Uint8Array(await file.arrayBuffer()), declaredType: file.type };
}

/**
 * `POST /v1/assets`: upload a QR centre logo. The body is the image itself
 * (`Content-Type: image/png|image/jpeg|image/svg+xml`) or a multipart form with a `file` field;
 * the bytes decide the type (an SVG within the element, depth and `<use>` limits is rasterised in the
 * render pool, within its time budget). Stored normalised (see `normaliseLogoUpload`) in the artifact store
 * the worker reads, with its `uploaded_assets` row; 201 with the asset and its `logo_source`.
 */
export function v1AssetRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const kind = c.req.query('kind') ?? 'qr_logo';
    if (kind !== 'qr_logo')
      throw new ValidationError([{ field: 'kind', issue: 'not_supported', allowed: ['qr_logo'] }], {
        message: 'Only QR logos (kind=qr_logo) can be uploaded yet.',
      });
    await authorizeRead(deps, caller, 'asset.upload', 'asset');
    const contentType = c.req.header('Content-Type');
    if (contentType === undefined) {
      throw new UnsupportedMediaTypeError({
        message: 'Send the image with its Content-Type, or as a multipart form.',
        details: [{ field: 'Content-Type', issue: 'required' }],
      });
    }
    const { bytes, declaredType } = await uploadedFile(c);
    const logo = await normaliseLogoUpload(bytes, declaredType, deps.renderPool.rasteriseSvg);
    const id = uuidv7();
    const storageKey = `assets/${caller.workspaceId}/${id}.${logo.mime === 'image/png' ? 'png' : 'jpg'}`;
    const store = deps.artifacts;
    await store.put(storageKey, logo.bytes, logo.mime);
    try {
      const { rows } = await deps.pool.query<AssetRow>(
        `INSERT INTO uploaded_assets (id, workspace_id, uploaded_by_user_id, kind, storage_key, content_type, byte_size, width, height, sha256)
         VALUES ($1, $2, $3, 'qr_logo', $4, $5, $6, $7, $8, $9)
         RETURNING ${COLUMNS}`,
        [
          id,
          caller.workspaceId,
          caller.by.userId,
          storageKey,
          logo.mime,
          logo.bytes.byteLength,
          logo.width,
          logo.height,
          createHash('sha256').update(logo.bytes).digest('hex'),
        ],
      );
      const row = rows[0];
      if (row === undefined) throw new Error('uploaded_assets insert returned no row');
      c.header('Location', `/v1/assets/${id}`);
      return sendData(c, serializeAsset(row), 201);
    } catch (error) {
      await store.delete(storageKey);
      throw error;
    }
  });

  app.get('/', async (c) => {
    const caller = await v1Caller(c, deps);
    const query = parseQuery(c, listAssetsQuerySchema);
    await authorizeRead(deps, caller, 'qr_code.list', 'asset');
    // Logos are workspace media, not grantable resources: a scoped member sees them all, as designs may use any.
    const sql = new ListSql('a', { workspaceId: caller.workspaceId, grantedIds: null })
      .add('a.deleted_at IS NULL')
      .cursor(query.cursor);
    const tail = sql.tail(query.limit);
    const { rows } = await deps.pool.query<AssetRow & { cursor_at: string }>(
      `SELECT ${COLUMNS}, ${cursorColumn('a')} FROM uploaded_assets a ${tail}`,
      sql.values,
    );
    const { items, nextCursor } = pageOf(rows, query.limit);
    return sendList(c, items.map(serializeAsset), nextCursor);
  });

  app.get('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    await authorizeRead(deps, caller, 'qr_code.list', 'asset');
    return sendData(c, serializeAsset(await liveAsset(caller.workspaceId, uuidParam(c, 'id'))));
  });

  app.get('/:id/content', async (c) => {
    const caller = await v1Caller(c, deps);
    await authorizeRead(deps, caller, 'qr_code.list', 'asset');
    const row = await liveAsset(caller.workspaceId, uuidParam(c, 'id'));
    const stored = await deps.artifacts.stream(row.storage_key);
    if (stored === null) throw new NotFoundError({ message: 'The image of this asset is no longer stored.' });
    return new Response(stored.body, {
      status: 200,
      headers: {
        'Content-Type': row.content_type,
        'Content-Length': String(stored.byteSize),
        'Cache-Control': 'private, max-age=3600',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });

  app.delete('/:id', async (c) => {
    const caller = await v1Caller(c, deps);
    const id = uuidParam(c, 'id');
    const deleted = await withTransaction(deps.pool, async (tx) => {
      await authorizeCommand(tx, caller.by, 'asset.delete', caller.workspaceId, { type: 'asset', id });
      const users = await tx.query<{ id: string; title: string }>(
        `SELECT id, title FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND design -> 'logo' -> 'source' ->> 'assetId' = $2 ORDER BY created_at LIMIT 20`,
        [caller.workspaceId, id],
      );
      if (users.rows.length > 0) {
        throw new ConflictError('asset_in_use', {
          details: users.rows.map((q) => ({
            field: 'qr_code',
            issue: 'uses_asset',
            id: q.id,
            title: q.title,
          })),
        });
      }
      const { rows } = await tx.query<AssetRow>(
        `UPDATE uploaded_assets SET deleted_at = now() WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`,
        [id, caller.workspaceId],
      );
      return notFoundAfterAuthorize(rows[0]);
    });
    await deps.artifacts.delete(deleted.storage_key);
    return sendData(c, serializeAsset(deleted));
  });

  async function liveAsset(workspaceId: string, id: string): Promise<AssetRow> {
    const { rows } = await deps.pool.query<AssetRow>(
      `SELECT ${COLUMNS} FROM uploaded_assets WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
      [id, workspaceId],
    );
    const row = rows[0];
    if (row === undefined) throw new NotFoundError();
    return row;
  }

  return app;
}

import type { RowOf } from '@linkhub/shared/server/db/row';
import type { uploadedAssets } from '@linkhub/shared/server/db/schema/assets';
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
import {
  assetContentQuerySchema,
  listAssetsQuerySchema,
  uploadAssetQuerySchema,
  type Asset,
} from '@linkhub/shared/schemas/assets';
import { processPhotoUpload } from '@linkhub/shared/server/photos/photo-upload';
import { responsiveImageSchema, type PhotoKind } from '@linkhub/shared/photos/responsive-image';
import { parseQuery, uuidParam } from '../../http/session-context';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { authorizeCommand } from '../../kernel/authorization';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { authorizeRead, keyOrSessionCaller, v1Caller, type V1Caller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { notFoundAfterAuthorize } from '../../http/not-found';
import { sendData, sendList } from '../../http/envelope';
import { cursorColumn, ListSql } from '../../http/list-sql';

/** The columns are the schema's; the upload stores only PNG or JPEG images, always with their dimensions. */
type AssetRow = RowOf<
  typeof uploadedAssets,
  'id' | 'storageKey' | 'workspaceId' | 'kind' | 'byteSize' | 'sha256' | 'variants' | 'createdAt'
> & {
  content_type: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
};

const COLUMNS =
  'id, workspace_id, kind, storage_key, content_type, byte_size, width, height, sha256, variants, created_at';

const serializeAsset = (row: AssetRow): Asset => ({
  id: row.id,
  workspace_id: row.workspace_id,
  kind:
    row.kind === 'qr_logo' || row.kind === 'avatar' || row.kind === 'block_image' || row.kind === 'og_image'
      ? row.kind
      : 'page_background',
  content_type: row.content_type,
  byte_size: row.byte_size,
  width: row.width,
  height: row.height,
  sha256: row.sha256,
  created_at: row.created_at.toISOString(),
  logo_source: row.kind === 'qr_logo' ? { kind: 'asset', asset_id: row.id } : null,
  image: row.variants === null ? null : responsiveImageSchema.parse(row.variants),
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
    // The editor uploads a page's photos with its session (D-585); a QR logo still takes an API key.
    const { kind, workspace_id: workspaceId } = parseQuery(c, uploadAssetQuerySchema);
    const caller =
      kind === 'qr_logo' ? await v1Caller(c, deps) : await keyOrSessionCaller(c, deps, workspaceId);
    await authorizeRead(deps, caller, 'asset.upload', 'asset');
    const contentType = c.req.header('Content-Type');
    if (contentType === undefined) {
      throw new UnsupportedMediaTypeError({
        message: 'Send the image with its Content-Type, or as a multipart form.',
        details: [{ field: 'Content-Type', issue: 'required' }],
      });
    }
    const { bytes, declaredType } = await uploadedFile(c);
    if (kind !== 'qr_logo') return sendData(c, await storePhoto(caller, kind, bytes, declaredType), 201);
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
    const caller = await keyOrSessionCaller(c, deps, parseQuery(c, assetContentQuerySchema).workspace_id);
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
      const users = await tx.query<{ id: string; title: string; field: 'qr_code' | 'bio_page' }>(
        `(SELECT id, title, 'qr_code' AS field FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND design -> 'logo' -> 'source' ->> 'assetId' = $2 ORDER BY created_at LIMIT 20)
         UNION ALL
         (SELECT id, title, 'bio_page' AS field FROM bio_pages WHERE workspace_id = $1 AND deleted_at IS NULL AND avatar_asset_id::text = $2 ORDER BY created_at LIMIT 20)`,
        [caller.workspaceId, id],
      );
      if (users.rows.length > 0) {
        throw new ConflictError('asset_in_use', {
          details: users.rows.map((q) => ({
            field: q.field,
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
    if (deleted.variants === null) await deps.artifacts.delete(deleted.storage_key);
    return sendData(c, serializeAsset(deleted));
  });

  /** A photo's variants stored (content-hashed, D-585), then its row; the largest JPEG is its `storage_key`. */
  async function storePhoto(
    caller: V1Caller,
    kind: PhotoKind,
    bytes: Uint8Array,
    declaredType: string,
  ): Promise<Asset> {
    const photo = await processPhotoUpload(bytes, kind, declaredType);
    for (const variant of photo.variants) {
      await deps.artifacts.put(
        variant.storageKey,
        variant.bytes,
        variant.format === 'jpeg' ? 'image/jpeg' : `image/${variant.format}`,
      );
    }
    const main = photo.variants
      .filter((v) => v.format === 'jpeg')
      .reduce((a, b) => (b.width > a.width ? b : a));
    // Variants are shared by name with any identical upload and may be on published pages: they are
    // never deleted with the row (D-585).
    const { rows } = await deps.pool.query<AssetRow>(
      `INSERT INTO uploaded_assets (id, workspace_id, uploaded_by_user_id, kind, storage_key, content_type, byte_size, width, height, sha256, variants)
       VALUES ($1, $2, $3, $4, $5, 'image/jpeg', $6, $7, $8, $9, $10)
       RETURNING ${COLUMNS}`,
      [
        uuidv7(),
        caller.workspaceId,
        caller.by.userId,
        kind,
        main.storageKey,
        main.byte_size,
        main.width,
        main.height,
        createHash('sha256').update(main.bytes).digest('hex'),
        JSON.stringify(photo.image),
      ],
    );
    const row = rows[0];
    if (row === undefined) throw new Error('uploaded_assets insert returned no row');
    return serializeAsset(row);
  }

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

import type { uploadedAssets } from '../db/schema/assets';
import type { RowOf } from '../db/row';
import type pg from 'pg';
import { isUuidText } from '../db/ids';
import { SemanticError } from '../../errors/app-error';
import type { QrDesign } from '../../qr/design';
import type { LogoImage } from '../../qr/logo';
import type { ArtifactStore } from './store';

export type Queryable = Pick<pg.Pool, 'query'> | Pick<pg.PoolClient, 'query'>;

/**
 * The stored image of a live uploaded asset of this workspace, or null (missing, deleted, another
 * workspace's, or not an image a logo may be). Uploads are stored as PNG or JPEG (SVG is rasterised
 * at upload); a stored SVG is still accepted, as renderers only ever embed it as an inert image.
 */
export async function loadLogoAsset(
  db: Queryable,
  store: ArtifactStore,
  workspaceId: string,
  assetId: string,
): Promise<LogoImage | null> {
  if (!isUuidText(assetId)) return null;
  const { rows } = await db.query<RowOf<typeof uploadedAssets, 'storageKey' | 'contentType'>>(
    `SELECT storage_key, content_type FROM uploaded_assets WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [assetId, workspaceId],
  );
  const row = rows[0];
  if (row === undefined) return null;
  const mime = row.content_type;
  if (mime !== 'image/png' && mime !== 'image/jpeg' && mime !== 'image/svg+xml') return null;
  const bytes = await store.get(row.storage_key);
  return bytes === null ? null : { mime, bytes };
}

/**
 * The logo image a design needs from the store: undefined when it has no uploaded logo (none, or a
 * data URL), the image otherwise. An asset that cannot be found makes the design unprintable as
 * designed: 422 `qr_unscannable` with removing the logo as the fix, like every other QR problem.
 */
export async function uploadedLogoFor(
  db: Queryable,
  store: ArtifactStore,
  workspaceId: string,
  design: QrDesign,
): Promise<LogoImage | undefined> {
  if (design.logo === null || design.logo.source.kind !== 'asset') return undefined;
  const image = await loadLogoAsset(db, store, workspaceId, design.logo.source.assetId);
  if (image !== null) return image;
  throw new SemanticError('qr_unscannable', {
    message: 'The logo image was not found in this workspace.',
    details: [
      {
        field: 'logo',
        issue: 'asset_not_found',
        message: 'Upload the logo again (POST /v1/assets) or remove it.',
        suggested: null,
      },
    ],
  });
}

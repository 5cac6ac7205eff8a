import type { uploadedAssets } from '@linkhub/shared/server/db/schema/assets';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { rows } from '@linkhub/shared/server/db/sql';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { responsiveImageSchema, type ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import type { CommandContext } from '../../kernel/types';

/** The stored variants of a live photo asset of this workspace, by id (missing, deleted, or a QR logo: absent). */
export async function photosOf(
  ctx: Pick<CommandContext, 'tx'>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Map<string, ResponsiveImage>> {
  const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  if (wanted.length === 0) return new Map();
  const found = await rows<RowOf<typeof uploadedAssets, 'id' | 'variants'>>(
    ctx.tx,
    `SELECT id, variants FROM uploaded_assets
      WHERE id = ANY($1::uuid[]) AND workspace_id = $2 AND deleted_at IS NULL AND variants IS NOT NULL`,
    [wanted, workspaceId],
  );
  const photos = new Map<string, ResponsiveImage>();
  for (const row of found) {
    const image = responsiveImageSchema.safeParse(row.variants);
    if (image.success) photos.set(row.id, image.data);
  }
  return photos;
}

/** Refuses a photo id that is not a live uploaded photo of the workspace (400 on `field`, nothing changed). */
export async function assertPhoto(
  ctx: Pick<CommandContext, 'tx'>,
  workspaceId: string,
  assetId: string,
  field: string,
): Promise<void> {
  if ((await photosOf(ctx, workspaceId, [assetId])).has(assetId)) return;
  throw new ValidationError([{ field, issue: 'asset_not_found' }], {
    message: 'No uploaded photo of this workspace has this id. Upload it with POST /v1/assets?kind=avatar.',
  });
}

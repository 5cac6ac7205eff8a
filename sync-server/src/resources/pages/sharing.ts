import type { pageSharingInputShape } from '@linkhub/shared/schemas/page-sharing';
import type { z } from 'zod';
import { changesSharing, type SHARING_UPDATABLE } from '@linkhub/shared/mutators/page-sharing';
import type { CommandContext } from '../../kernel/types';
import { assertPhoto } from './photos';

type SharingInput = {
  [K in keyof typeof pageSharingInputShape]?: z.infer<(typeof pageSharingInputShape)[K]>;
};

/** The REST sharing fields as the page mutators name them (`share_image` is the asset id, as `avatar` is). */
export function sharingArgsOf(input: SharingInput) {
  return {
    share_title: input.share_title,
    share_description: input.share_description,
    share_image_asset_id: input.share_image,
    language: input.language,
  };
}

/** Writes the sharing fields a create or update carries (D-600, D-602); an uploaded card must be a photo of the workspace. */
export async function saveSharing(
  ctx: CommandContext,
  args: { id: string; workspace_id: string } & Partial<
    Record<(typeof SHARING_UPDATABLE)[number], string | null>
  >,
): Promise<void> {
  if (!changesSharing(args)) return;
  if (typeof args.share_image_asset_id === 'string')
    await assertPhoto(ctx, args.workspace_id, args.share_image_asset_id, 'share_image');
  await ctx.tx.query(
    `UPDATE bio_pages SET share_title = COALESCE($2, share_title), share_description = COALESCE($3, share_description),
            share_image_asset_id = CASE WHEN $4::boolean THEN $5::uuid ELSE share_image_asset_id END,
            language = COALESCE($6, language)
      WHERE id = $1`,
    [
      args.id,
      args.share_title ?? null,
      args.share_description ?? null,
      args.share_image_asset_id !== undefined,
      args.share_image_asset_id ?? null,
      args.language ?? null,
    ],
  );
}

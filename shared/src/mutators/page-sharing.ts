import { idArg } from './args';
import { readableText } from '../schemas/common';
import { pageLanguageSchema } from '../page-language/languages';

/**
 * A page's link-preview fields and language (D-600, D-602), as `createPage` and `updatePage` take
 * them: empty texts mean "the page title / bio"; the card image is an uploaded photo of the
 * workspace (`POST /v1/assets?kind=og_image`), null for the generated card.
 */
export const sharingArgs = {
  share_title: readableText(200).optional(),
  share_description: readableText(500).optional(),
  share_image_asset_id: idArg.nullable().optional(),
  language: pageLanguageSchema.optional(),
};

export const SHARING_UPDATABLE = [
  'share_title',
  'share_description',
  'share_image_asset_id',
  'language',
] as const;

export function changesSharing(args: Partial<Record<(typeof SHARING_UPDATABLE)[number], unknown>>): boolean {
  return SHARING_UPDATABLE.some((field) => args[field] !== undefined);
}

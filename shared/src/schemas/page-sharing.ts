import { z } from 'zod';
import { sharingArgs } from '../mutators/page-sharing';
import { PAGE_LANGUAGES } from '../page-language/languages';
import { uuidSchema } from './common';

/**
 * A page's link-preview fields and language over REST (D-600, D-602): the mutator's own schemas,
 * with the card image named `share_image` (an uploaded asset's id, as `avatar` is).
 */
export const pageSharingInputShape = {
  share_title: sharingArgs.share_title,
  share_description: sharingArgs.share_description,
  /** An uploaded card (`POST /v1/assets?kind=og_image`) that replaces the generated one; null: the generated card. */
  share_image: uuidSchema.nullable().optional(),
  language: sharingArgs.language,
};

export const pageSharingShape = {
  /** What link previews show as the title; empty: the page title. */
  share_title: z.string(),
  /** What link previews show as the description; empty: the bio. */
  share_description: z.string(),
  share_image: uuidSchema.nullable(),
  /** The published card's address (generated at publish, or the uploaded one); null before the first publish. */
  share_image_url: z.url().nullable(),
  /** BCP 47: `<html lang>` and the visitor-facing strings of blocks. */
  language: z.enum(PAGE_LANGUAGES),
};

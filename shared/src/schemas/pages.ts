import { z } from 'zod';
import { themeSchema } from '../blocks/snapshot';
import {
  handleSchema,
  hostnameSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  readableText,
  uuidSchema,
} from './common';
import { blocksInputSchema, noticeInputSchema } from './blocks';
import { sensitiveNoticeSchema } from '../blocks/sensitive-notice';
import { pageSharingInputShape, pageSharingShape } from './page-sharing';

/** Bio pages (docs/product-rules.md#api): `POST /v1/pages {handle, title, bio?, theme?, blocks?}`. */
const pageTitle = readableText(120);
const bio = readableText(1000);

/**
 * A theme as sent by a client: a subset of the renderer's theme fields, without their defaults, so
 * a PATCH of `{accent}` changes only the accent (the renderer fills the rest when it renders).
 */
const themeShape = themeSchema.shape;
export const themeInputSchema = z.strictObject({
  background: themeShape.background.unwrap().optional(),
  text: themeShape.text.unwrap().optional(),
  accent: themeShape.accent.unwrap().optional(),
  button_style: themeShape.button_style.unwrap().optional(),
  button_shape: themeShape.button_shape.unwrap().optional(),
  font: themeShape.font.unwrap().optional(),
  background_kind: themeShape.background_kind.unwrap().optional(),
  background_to: themeShape.background_to.unwrap().optional(),
  gradient_angle: themeShape.gradient_angle.unwrap().optional(),
  background_image: themeShape.background_image,
  /** A photo behind the page: an uploaded asset's id (`POST /v1/assets?kind=page_background`); null removes it. */
  background_photo: uuidSchema.nullable().optional(),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

export const createPageInputSchema = z.strictObject({
  handle: handleSchema,
  title: pageTitle,
  bio: bio.optional(),
  theme: themeInputSchema.optional(),
  /** The page's photo: the id of an uploaded asset (`POST /v1/assets?kind=avatar`). */
  avatar: uuidSchema.nullable().optional(),
  blocks: blocksInputSchema.optional(),
  /** A custom domain whose root serves this page; default the system bio host. */
  domain: hostnameSchema.optional(),
  /** A sensitive-content notice in front of the whole page: `{kind: "adult"|"sensitive", message?}` (D-606). */
  notice: noticeInputSchema,
  ...pageSharingInputShape,
});
export type CreatePageInput = z.infer<typeof createPageInputSchema>;

/** `PATCH /v1/pages/{id}`: `blocks`, when sent, replaces the whole draft block list in order. */
export const updatePageInputSchema = z
  .strictObject({
    handle: handleSchema.optional(),
    title: pageTitle.optional(),
    bio: bio.nullable().optional(),
    theme: themeInputSchema.optional(),
    /** The page's photo (an uploaded asset's id); null removes it. */
    avatar: uuidSchema.nullable().optional(),
    blocks: blocksInputSchema.optional(),
    /** Moves the page to another bio host of the workspace (a verified bio/all custom domain, or the system bio host). */
    domain: hostnameSchema.optional(),
    /** A sensitive-content notice in front of the whole page (D-606); null removes it. */
    notice: noticeInputSchema,
    ...pageSharingInputShape,
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), {
    message: 'Send at least one field to change.',
    params: { issue: 'empty_update' },
  });
export type UpdatePageInput = z.infer<typeof updatePageInputSchema>;

export const listPagesQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().min(1).max(200).optional(),
});

export const PAGE_STATUSES = ['draft', 'published', 'archived'] as const;

export const pageSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  handle: z.string(),
  url: z.url(),
  title: z.string(),
  bio: z.string().nullable(),
  theme: themeSchema,
  /** The id of the page's photo (an uploaded asset), or null. */
  avatar: uuidSchema.nullable(),
  /** The sensitive-content notice in front of the page (D-606), or null. */
  notice: sensitiveNoticeSchema.nullable(),
  ...pageSharingShape,
  status: z.enum(PAGE_STATUSES),
  published_at: isoDateTimeSchema.nullable(),
  has_unpublished_changes: z.boolean(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type Page = z.infer<typeof pageSchema>;

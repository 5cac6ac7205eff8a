import { z } from 'zod';
import { pageExperimentSchema } from '../experiments/page-experiment';
import { isNavigableUrl } from './escape';
import { responsiveImageSchema } from '../photos/responsive-image';
import { shareImageSchema } from '../photos/share-image';
import { BACKGROUND_KINDS, BUTTON_SHAPE_KEYS, BUTTON_STYLES, FONT_KEYS } from './theme-options';
import { blockScheduleFields } from './block-schedule';
import { sensitiveNoticeSchema } from './sensitive-notice';
import { embedThumbnailSchema } from './embed-thumbnail';

/**
 * The published snapshot of a bio page: what `POST /v1/pages/{id}/publish` freezes, what the edge
 * caches under `page:{host}:{handle}` and what `renderBioPage` renders. Block data mirrors the
 * block union of docs/product-rules.md#api; text is plain text (the renderer escapes it).
 */
const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a #rrggbb colour');

const navigableUrl = z.string().max(2048).refine(isNavigableUrl, 'expected an http(s), mailto: or tel: URL');

/** An image source: an absolute https URL, or a path of an uploaded asset (resolved against `assetBase`). */
const imageSrc = z
  .string()
  .max(2048)
  .refine((v) => /^\/[^/\\]/.test(v) || v.startsWith('https://'), 'expected an https URL or an asset path');

export const themeSchema = z.object({
  background: hexColor.default('#ffffff'),
  text: hexColor.default('#111827'),
  accent: hexColor.default('#4338ca'),
  button_style: z.enum(BUTTON_STYLES).default('filled'),
  button_shape: z.enum(BUTTON_SHAPE_KEYS).default('rounded'),
  font: z.enum(FONT_KEYS).default('system'),
  /** `background` alone, a gradient from `background` to `background_to`, or `background_image` veiled by `background`. */
  background_kind: z.enum(BACKGROUND_KINDS).default('solid'),
  background_to: hexColor.default('#e0e7ff'),
  /** CSS degrees: 180 runs top to bottom. */
  gradient_angle: z.number().int().min(0).max(359).default(180),
  /** Written into the stylesheet as `url("…")`, so no quote, bracket, backslash or space. */
  background_image: imageSrc
    .refine((v) => !/["'()\\<>\s]/.test(v), 'expected an image URL without quotes, brackets or spaces')
    .optional(),
  /** The page background photo: an uploaded asset's id (its variants are the snapshot's `background`, D-586). */
  background_photo: z.uuid().nullish(),
});
export type Theme = z.infer<typeof themeSchema>;

const dimension = z.number().int().min(1).max(10_000);

/** Every block may carry a schedule (D-605); a link may sit behind a sensitive-content notice (D-606). */
const scheduled = blockScheduleFields;
export const linkDataSchema = z.object({
  title: z.string().min(1).max(200),
  url: navigableUrl,
  notice: sensitiveNoticeSchema.nullish(),
  ...scheduled,
});
export const headerDataSchema = z.object({ text: z.string().min(1).max(200), ...scheduled });
export const textDataSchema = z.object({ text: z.string().min(1).max(5000), ...scheduled });
export const socialDataSchema = z.object({
  ...scheduled,
  links: z
    .array(z.object({ network: z.string().min(1).max(40), url: navigableUrl }))
    .min(1)
    .max(20),
});
export const imageDataSchema = z.object({
  url: imageSrc,
  alt: z.string().max(500),
  width: dimension.optional(),
  height: dimension.optional(),
  /** The uploaded photo shown (`url` is then its widest JPEG). */
  asset_id: z.string().optional(),
  /** The photo's variants, copied in at publish (D-585): the page offers them as `<picture>`. */
  image: responsiveImageSchema.optional(),
  ...scheduled,
});
export const embedDataSchema = z.object({
  url: z.string().url().max(2048),
  /** The provider's thumbnail and title, fetched and stored at publish (D-609). */
  thumbnail: embedThumbnailSchema.optional(),
  ...scheduled,
});
export const emailCaptureDataSchema = z.object({
  ...scheduled,
  title: z.string().min(1).max(200),
  button_label: z.string().min(1).max(60),
  /** What the visitor agrees to (absent: `DEFAULT_CONSENT_TEXT`, leads/consent.ts). */
  consent_text: z.string().max(1000).optional(),
  /** Double opt-in: the address is mailed a confirmation link and counts once confirmed. */
  double_opt_in: z.boolean().optional(),
});
export const dividerDataSchema = z.object({ ...scheduled }).default({});

const blockId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'expected a URL-safe id');

export const snapshotBlockSchema = z.discriminatedUnion('type', [
  z.object({ id: blockId, type: z.literal('link'), data: linkDataSchema }),
  z.object({ id: blockId, type: z.literal('header'), data: headerDataSchema }),
  z.object({ id: blockId, type: z.literal('text'), data: textDataSchema }),
  z.object({ id: blockId, type: z.literal('social'), data: socialDataSchema }),
  z.object({ id: blockId, type: z.literal('image'), data: imageDataSchema }),
  z.object({ id: blockId, type: z.literal('embed'), data: embedDataSchema }),
  z.object({ id: blockId, type: z.literal('email_capture'), data: emailCaptureDataSchema }),
  z.object({ id: blockId, type: z.literal('divider'), data: dividerDataSchema }),
]);
export type SnapshotBlock = z.infer<typeof snapshotBlockSchema>;
export type BlockType = SnapshotBlock['type'];
export type BlockOf<T extends BlockType> = Extract<SnapshotBlock, { type: T }>;

export const pageSnapshotSchema = z.object({
  id: z.string().min(1),
  workspace_id: z.string().min(1),
  handle: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9][a-z0-9._-]*$/, 'expected a lower-case handle'),
  /** Empty renders as `@handle`. */
  title: z.string().max(200),
  bio: z.string().max(1000).nullish(),
  /** BCP 47 language of the page's text, for `<html lang>`. */
  lang: z
    .string()
    .regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/)
    .default('en'),
  theme: themeSchema.prefault({}),
  avatar: z
    .object({
      url: imageSrc,
      alt: z.string().max(200).default(''),
      /** An uploaded photo's variants (D-585): rendered as `<picture>` with `srcset`. */
      image: responsiveImageSchema.optional(),
    })
    .nullish(),
  /** Search and share overrides (`bio_pages.seo`). */
  seo: z
    .object({
      title: z.string().max(200).nullish(),
      description: z.string().max(500).nullish(),
      og_image_url: z.string().max(2048).startsWith('https://').nullish(),
      noindex: z.boolean().default(false),
    })
    .nullish(),
  /** The variants of `theme.background_photo`, copied in at publish (D-586). */
  background: responsiveImageSchema.optional(),
  /** The card link previews show (D-600): generated from the page's look at publish, or uploaded. */
  share_image: shareImageSchema.optional(),
  blocks: z.array(snapshotBlockSchema).max(200),
  /** The page's published revision (set at publish; absent in snapshots published before lead capture). */
  revision: z.int().min(1).optional(),
  /** A sensitive-content notice in front of the whole page (D-606). */
  notice: sensitiveNoticeSchema.nullish(),
  /** The page's running A/B test: the edge picks the visitor's variant from this, in memory. */
  experiment: pageExperimentSchema.optional(),
});
export type PageSnapshot = z.infer<typeof pageSnapshotSchema>;
export type { ShareImage } from '../photos/share-image';
/** What a caller may hand to `pageSnapshotSchema.parse` (defaults not yet applied). */
export type PageSnapshotInput = z.input<typeof pageSnapshotSchema>;

import { z } from 'zod';
import { resolveEmbed } from '../blocks/embeds';
import { isNavigableUrl } from '../blocks/escape';
import { MAX_URL_LENGTH, normalizedUrlTransform, readableText, uuidSchema } from './common';
import { blockScheduleFields, scheduleInOrder, SCHEDULE_ORDER_ISSUE } from '../blocks/block-schedule';
import { NOTICE_KINDS, NOTICE_MESSAGE_MAX } from '../blocks/sensitive-notice';

/**
 * The bio page block union as the API and the editor accept it (docs/product-rules.md#api): flat objects,
 * `{type: "link", title, url}` … `{type: "divider"}`. Text is plain text, always escaped on render.
 * `blockData()` turns one into the stored `{type, data}` shape the renderer reads (blocks/snapshot.ts).
 */
const navigableUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine(isNavigableUrl, {
    message: 'Enter an http(s), mailto: or tel: link.',
    params: { issue: 'invalid_format' },
  })
  .transform(normalizedUrlTransform);

const imageSource = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine((v) => v.startsWith('https://') || /^\/[^/\\]/.test(v), {
    message: 'Use an https:// image URL or an uploaded image.',
    params: { issue: 'invalid_format' },
  });

const embedUrl = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .refine((v) => resolveEmbed(v) !== null, {
    message: 'Embeds support YouTube, Vimeo, Spotify and SoundCloud links.',
    params: { issue: 'unsupported_embed' },
  });

const blockId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use a URL-safe id.');
const text = (max: number): z.ZodString => readableText(max).min(1);
/** Every block: its id, and when it shows (`visible_from`/`visible_until`, ISO instants; null clears, D-605). */
const base = { id: blockId.optional(), ...blockScheduleFields };
/** A link's destination behind a sensitive-content notice (D-606); null clears it. */
export const noticeInputSchema = z
  .strictObject({ kind: z.enum(NOTICE_KINDS), message: readableText(NOTICE_MESSAGE_MAX).optional() })
  .nullable()
  .optional();

export const linkBlockSchema = z.strictObject({
  ...base,
  type: z.literal('link'),
  title: text(200),
  url: navigableUrl,
  notice: noticeInputSchema,
});
export const headerBlockSchema = z.strictObject({ ...base, type: z.literal('header'), text: text(200) });
export const textBlockSchema = z.strictObject({ ...base, type: z.literal('text'), text: text(5000) });
export const socialBlockSchema = z.strictObject({
  ...base,
  type: z.literal('social'),
  links: z
    .array(z.strictObject({ network: z.string().trim().toLowerCase().min(1).max(40), url: navigableUrl }))
    .min(1)
    .max(20),
});
export const imageBlockSchema = z.strictObject({
  ...base,
  type: z.literal('image'),
  url: imageSource,
  /** Required so screen readers can describe it; an empty string marks a decorative image. */
  alt: readableText(500),
  width: z.number().int().min(1).max(10_000).optional(),
  height: z.number().int().min(1).max(10_000).optional(),
  /** An uploaded photo (`POST /v1/assets?kind=block_image`); `url` is then its `/_img/…` JPEG. */
  asset_id: uuidSchema.optional(),
});
export const embedBlockSchema = z.strictObject({ ...base, type: z.literal('embed'), url: embedUrl });
export const emailCaptureBlockSchema = z.strictObject({
  ...base,
  type: z.literal('email_capture'),
  title: text(200),
  button_label: text(60),
  /** What the visitor agrees to; empty or absent: the default text (leads/consent.ts). */
  consent_text: readableText(1000).optional(),
  /** Double opt-in: mail a confirmation link first. */
  double_opt_in: z.boolean().optional(),
});
export const dividerBlockSchema = z.strictObject({ ...base, type: z.literal('divider') });

export const blockInputSchema = z
  .discriminatedUnion('type', [
    linkBlockSchema,
    headerBlockSchema,
    textBlockSchema,
    socialBlockSchema,
    imageBlockSchema,
    embedBlockSchema,
    emailCaptureBlockSchema,
    dividerBlockSchema,
  ])
  .refine(scheduleInOrder, SCHEDULE_ORDER_ISSUE);
export type BlockInput = z.infer<typeof blockInputSchema>;
export type BlockInputType = BlockInput['type'];

export const BLOCK_INPUT_TYPES = [
  'link',
  'header',
  'text',
  'social',
  'image',
  'embed',
  'email_capture',
  'divider',
] as const satisfies readonly BlockInputType[];

/**
 * A partial edit of one block's data (the updateBlock mutator): the fields of some block type, each
 * valid for that type, nothing else. The merged block is checked against its own type when stored.
 */
export const blockDataPatchSchema = z.union([
  linkBlockSchema.omit({ id: true, type: true }).partial(),
  headerBlockSchema.omit({ id: true, type: true }).partial(),
  textBlockSchema.omit({ id: true, type: true }).partial(),
  socialBlockSchema.omit({ id: true, type: true }).partial(),
  imageBlockSchema.omit({ id: true, type: true }).partial(),
  embedBlockSchema.omit({ id: true, type: true }).partial(),
  emailCaptureBlockSchema.omit({ id: true, type: true }).partial(),
]);

export const MAX_BLOCKS_PER_PAGE = 200;
export const blocksInputSchema = z.array(blockInputSchema).max(MAX_BLOCKS_PER_PAGE);

/** A block's fields without `id` and `type`: the `data` column of `blocks`. */
export function blockData(block: BlockInput): { type: BlockInputType; data: Record<string, unknown> } {
  const { id: _id, type, ...data } = block;
  return { type, data };
}

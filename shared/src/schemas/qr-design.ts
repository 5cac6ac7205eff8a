import { z } from 'zod';
import { qrDesignSchema, qrFrameSchema, qrLogoSchema } from '../qr/design';
import { readableText } from './common';

/**
 * A QR design as clients send it, strict at every depth (ARCHITECTURE.md#rules-that-hold-at-every-door): an unknown key anywhere is
 * refused like a top-level one. Two spellings of the one design model (`qr/design.ts`, camelCase,
 * what is stored and synced):
 * - `qrDesignArgSchema`: camelCase, the Replicache mutators' args (the editor works on the stored model);
 * - `qrDesignApiSchema`: snake_case, the REST body (`POST/PATCH /v1/qr-codes`), mapped to the model
 *   here and back in `designToApi`, the one place the two spellings meet.
 */
const d = qrDesignSchema.shape;
const logo = qrLogoSchema.shape;
const frame = qrFrameSchema.shape;
/** New labels only: a stored design keeps reading as it was saved (`qrFrameSchema`). */
const frameLabel = readableText(40).min(1);
const dataUrl = z
  .string()
  .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'a base64 PNG, JPEG or SVG data URL');
const assetId = z.string().min(1).max(100);

const logoArgSchema = z.strictObject({
  source: z.union([
    z.strictObject({ kind: z.literal('data_url'), dataUrl }),
    z.strictObject({ kind: z.literal('asset'), assetId }),
  ]),
  sizeRatio: logo.sizeRatio,
  knockout: logo.knockout,
});
const frameArgSchema = z.strictObject({
  label: frameLabel,
  font: frame.font,
  color: frame.color,
  textColor: frame.textColor,
});

export const qrDesignArgSchema = z.strictObject({
  fgColor: d.fgColor,
  bgColor: d.bgColor,
  moduleShape: d.moduleShape,
  finderStyle: d.finderStyle,
  errorCorrection: d.errorCorrection,
  logo: logoArgSchema.nullable().default(null),
  frame: frameArgSchema.nullable().default(null),
  margin: d.margin,
  transparentBackground: d.transparentBackground,
  allowInverted: d.allowInverted,
});

const logoApiSchema = z.strictObject({
  source: z.union([
    z.strictObject({ kind: z.literal('data_url'), data_url: dataUrl }),
    z.strictObject({ kind: z.literal('asset'), asset_id: assetId }),
  ]),
  size_ratio: logo.sizeRatio,
  knockout: logo.knockout,
});
const frameApiSchema = z.strictObject({
  label: frameLabel,
  font: frame.font,
  color: frame.color,
  text_color: frame.textColor,
});

type LogoApi = z.infer<typeof logoApiSchema>;
type FrameApi = z.infer<typeof frameApiSchema>;

function logoFromApi(value: LogoApi): z.infer<typeof logoArgSchema> {
  const source =
    value.source.kind === 'data_url'
      ? { kind: 'data_url' as const, dataUrl: value.source.data_url }
      : { kind: 'asset' as const, assetId: value.source.asset_id };
  return { source, sizeRatio: value.size_ratio, knockout: value.knockout };
}

function frameFromApi(value: FrameApi): z.infer<typeof frameArgSchema> {
  return { label: value.label, font: value.font, color: value.color, textColor: value.text_color };
}

export const qrDesignApiSchema = z
  .strictObject({
    fg_color: d.fgColor,
    bg_color: d.bgColor,
    module_shape: d.moduleShape,
    finder_style: d.finderStyle,
    error_correction: d.errorCorrection,
    logo: logoApiSchema.nullable().default(null),
    frame: frameApiSchema.nullable().default(null),
    margin: d.margin,
    transparent_background: d.transparentBackground,
    allow_inverted: d.allowInverted,
  })
  .transform((v): z.infer<typeof qrDesignArgSchema> => ({
    fgColor: v.fg_color,
    bgColor: v.bg_color,
    moduleShape: v.module_shape,
    finderStyle: v.finder_style,
    errorCorrection: v.error_correction,
    logo: v.logo === null ? null : logoFromApi(v.logo),
    frame: v.frame === null ? null : frameFromApi(v.frame),
    margin: v.margin,
    transparentBackground: v.transparent_background,
    allowInverted: v.allow_inverted,
  }));

/** The stored design as the REST API returns it (snake_case); what cannot be read falls back to the defaults. */
export function designToApi(stored: unknown): z.infer<typeof qrDesignApiOutputSchema> {
  const parsed = qrDesignSchema.safeParse(stored ?? {});
  const v = parsed.success ? parsed.data : qrDesignSchema.parse({});
  return {
    fg_color: v.fgColor,
    bg_color: v.bgColor,
    module_shape: v.moduleShape,
    finder_style: v.finderStyle,
    error_correction: v.errorCorrection,
    logo:
      v.logo === null
        ? null
        : {
            source:
              v.logo.source.kind === 'data_url'
                ? { kind: 'data_url' as const, data_url: v.logo.source.dataUrl }
                : { kind: 'asset' as const, asset_id: v.logo.source.assetId },
            size_ratio: v.logo.sizeRatio,
            knockout: v.logo.knockout,
          },
    frame:
      v.frame === null
        ? null
        : { label: v.frame.label, font: v.frame.font, color: v.frame.color, text_color: v.frame.textColor },
    margin: v.margin,
    transparent_background: v.transparentBackground,
    allow_inverted: v.allowInverted,
  };
}

/** The output schema of `designToApi`, for the OpenAPI document. */
export const qrDesignApiOutputSchema = z.object({
  fg_color: z.string(),
  bg_color: z.string(),
  module_shape: d.moduleShape.unwrap(),
  finder_style: d.finderStyle.unwrap(),
  error_correction: d.errorCorrection.unwrap(),
  logo: z
    .object({
      source: z.union([
        z.object({ kind: z.literal('data_url'), data_url: z.string() }),
        z.object({ kind: z.literal('asset'), asset_id: z.string() }),
      ]),
      size_ratio: z.number(),
      knockout: z.boolean(),
    })
    .nullable(),
  frame: z
    .object({ label: z.string(), font: frame.font.unwrap(), color: z.string(), text_color: z.string() })
    .nullable(),
  margin: z.number().int(),
  transparent_background: z.boolean(),
  allow_inverted: z.boolean(),
});

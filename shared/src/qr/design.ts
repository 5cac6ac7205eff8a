import { z } from 'zod';

/** `#rrggbb`, stored lower-case. */
export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'a colour is #rrggbb')
  .transform((v) => v.toLowerCase());

export const QR_MODULE_SHAPES = ['square', 'rounded', 'dots'] as const;
export const QR_FINDER_STYLES = ['square', 'rounded', 'circle'] as const;
export const QR_FRAME_FONTS = ['sans', 'serif', 'mono'] as const;
/** `auto` is M, or H when a logo is set (docs/product-rules.md#qr-codes). */
export const QR_DESIGN_EC_LEVELS = ['auto', 'M', 'Q', 'H'] as const;

/** The quiet zone ISO/IEC 18004 asks for; validation refuses less. */
export const MIN_QUIET_ZONE_MODULES = 4;

export const qrLogoSchema = z.object({
  /** A `data:image/png|jpeg|svg+xml;base64,…` URL, or the id of an uploaded asset the caller resolves. */
  source: z.union([
    z.object({
      kind: z.literal('data_url'),
      dataUrl: z
        .string()
        .regex(
          /^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/,
          'a base64 PNG, JPEG or SVG data URL',
        ),
    }),
    z.object({ kind: z.literal('asset'), assetId: z.string().min(1).max(100) }),
  ]),
  /** Side of the logo as a fraction of the symbol's side (quiet zone excluded). */
  sizeRatio: z.number().min(0.05).max(0.5).default(0.22),
  /** Clear the modules behind the logo (and paint them background) rather than drawing over them. */
  knockout: z.boolean().default(true),
});

export const qrFrameSchema = z.object({
  /** The call to action under the code, e.g. "SCAN ME". */
  label: z.string().trim().min(1).max(40),
  font: z.enum(QR_FRAME_FONTS).default('sans'),
  /** Colour of the frame and its label band. */
  color: hexColorSchema.default('#000000'),
  /** Colour of the label text. */
  textColor: hexColorSchema.default('#ffffff'),
});

export const qrDesignSchema = z.object({
  fgColor: hexColorSchema.default('#000000'),
  bgColor: hexColorSchema.default('#ffffff'),
  moduleShape: z.enum(QR_MODULE_SHAPES).default('square'),
  finderStyle: z.enum(QR_FINDER_STYLES).default('square'),
  errorCorrection: z.enum(QR_DESIGN_EC_LEVELS).default('auto'),
  logo: qrLogoSchema.nullable().default(null),
  frame: qrFrameSchema.nullable().default(null),
  /** Quiet zone in modules. The schema allows less than 4 so validation can answer with a fix. */
  margin: z.number().int().min(0).max(16).default(MIN_QUIET_ZONE_MODULES),
  /** Leave the ground unpainted (PNG alpha, no background shape in vector files). */
  transparentBackground: z.boolean().default(false),
  /** Allow light modules on a dark ground; many phone readers do not scan these. */
  allowInverted: z.boolean().default(false),
});

export type QrDesign = z.infer<typeof qrDesignSchema>;
export type QrDesignInput = z.input<typeof qrDesignSchema>;
export type QrLogo = z.infer<typeof qrLogoSchema>;
export type QrFrame = z.infer<typeof qrFrameSchema>;

export const defaultQrDesign: QrDesign = qrDesignSchema.parse({});

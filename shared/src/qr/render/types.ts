import type { QrDesign } from '../design';
import type { LogoImage } from '../logo';

export const QR_FORMATS = ['svg', 'png', 'pdf', 'eps'] as const;
export type QrFormat = (typeof QR_FORMATS)[number];

export const QR_DPIS = [300, 600] as const;
export type QrDpi = (typeof QR_DPIS)[number];

export type QrRenderInput = {
  /** The short URL the code opens; encoded in its shortest safe form (`shortQrText`). */
  readonly url: string;
  readonly design: QrDesign;
  /** Width of the whole artwork in millimetres, quiet zone (and frame) included. */
  readonly sizeMm: number;
  /** PNG only; default 300. */
  readonly dpi?: QrDpi;
  /** PDF only: background bleed beyond the trim edge, in mm; default 0. */
  readonly bleedMm?: number;
  /** PDF only: crop marks outside the bleed. */
  readonly cropMarks?: boolean;
  /** PDF and EPS: device RGB (default) or device CMYK colours. */
  readonly colorSpace?: 'rgb' | 'cmyk';
  /** The loaded logo when the design names an uploaded asset. */
  readonly logoImage?: LogoImage;
};

export type QrRenderOutput = {
  readonly bytes: Uint8Array;
  readonly mime: string;
  readonly extension: QrFormat;
  /** The trim size written in the file. */
  readonly widthMm: number;
  readonly heightMm: number;
};

export type QrRenderer = (input: QrRenderInput) => Promise<QrRenderOutput>;

export const MM_PER_INCH = 25.4;
export const PT_PER_MM = 72 / MM_PER_INCH;

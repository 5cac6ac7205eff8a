import { renderEps } from './eps';
import { renderPdf } from './pdf';
import { renderPng } from './png';
import { renderSvg } from '../../../qr/render/svg';
import type { QrFormat, QrRenderer, QrRenderInput, QrRenderOutput } from '../../../qr/render/types';

export * from '../../../qr/render/types';

/** One renderer per export format, all drawing the same scene (docs/product-rules.md#qr-codes). */
export const QR_RENDERERS: Readonly<Record<QrFormat, QrRenderer>> = {
  svg: renderSvg,
  png: renderPng,
  pdf: renderPdf,
  eps: renderEps,
};

export function renderQr(format: QrFormat, input: QrRenderInput): Promise<QrRenderOutput> {
  return QR_RENDERERS[format](input);
}

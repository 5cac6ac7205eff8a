import { checkAndRenderQr, type QrRenderJob, type QrRenderResult } from '@linkhub/shared/qr/check-and-render';
import { rasteriseSvgText, type RasterisedLogo } from '@linkhub/shared/artifacts/logo-upload';

/** What the main thread asks a render thread to do: plain data, structured-cloned across. */
export type RenderTask =
  { readonly kind: 'qr'; readonly job: QrRenderJob } | { readonly kind: 'svg'; readonly text: string };
export type RenderTaskResult = QrRenderResult | RasterisedLogo;

/** The entry of every render thread (piscina calls the default export). */
export default async function runRenderTask(task: RenderTask): Promise<RenderTaskResult> {
  return task.kind === 'qr' ? checkAndRenderQr(task.job) : rasteriseSvgText(task.text);
}

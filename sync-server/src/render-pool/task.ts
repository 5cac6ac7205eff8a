import { checkAndRenderQr, type QrRenderJob, type QrRenderResult } from '@linkhub/shared/server/qr/check-and-render';
import { rasteriseSvgText, type RasterisedLogo } from '@linkhub/shared/server/artifacts/logo-upload';
import { assertSvgPolicy } from '@linkhub/shared/svg/policy';

/** What the server asks a render process to do: plain data, serialised across. */
export type RenderTask =
  | { readonly kind: 'qr'; readonly job: QrRenderJob }
  | { readonly kind: 'svg'; readonly text: string; readonly field: string };
export type RenderTaskResult = QrRenderResult | RasterisedLogo;

/** One render; the SVG policy is checked again here, so no caller can hand the renderer an unchecked file. */
export default async function runRenderTask(task: RenderTask): Promise<RenderTaskResult> {
  if (task.kind === 'qr') return checkAndRenderQr(task.job);
  assertSvgPolicy(task.text, task.field);
  return rasteriseSvgText(task.text);
}

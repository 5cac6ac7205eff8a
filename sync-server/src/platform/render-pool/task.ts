import {
  checkAndRenderQr,
  type QrRenderJob,
  type QrRenderResult,
} from '@linkhub/shared/server/qr/check-and-render';
import { rasteriseSvgText, type RasterisedLogo } from '@linkhub/shared/server/artifacts/logo-upload';
import { assertSvgPolicy } from '@linkhub/shared/svg/policy';
import {
  renderPrintSheet,
  type PrintSheetJob,
  type PrintSheetResult,
} from '@linkhub/shared/server/qr/print-sheet/pdf';
import { resolveLogo } from '@linkhub/shared/qr/logo';
import { assertLogoWithinPolicy } from '@linkhub/shared/server/svg/logo';

/** What the server asks a render process to do: plain data, serialised across. */
export type RenderTask =
  | { readonly kind: 'qr'; readonly job: QrRenderJob }
  | { readonly kind: 'svg'; readonly text: string; readonly field: string }
  | { readonly kind: 'sheet'; readonly job: PrintSheetJob };
export type RenderTaskResult = QrRenderResult | RasterisedLogo | PrintSheetResult;

/** One render; the SVG policy is checked again here, so no caller can hand the renderer an unchecked file. */
export default async function runRenderTask(task: RenderTask): Promise<RenderTaskResult> {
  if (task.kind === 'qr') return checkAndRenderQr(task.job);
  if (task.kind === 'sheet') {
    // Each code's logo passes the SVG policy here, as a single export's does in checkAndRenderQr.
    task.job.codes.forEach((code, i) =>
      assertLogoWithinPolicy(resolveLogo(code.design, code.logoImage), `qr_code_ids.${i}`),
    );
    return renderPrintSheet(task.job);
  }
  assertSvgPolicy(task.text, task.field);
  return rasteriseSvgText(task.text);
}

import type { QrProblem } from '../../qr/checks';
import { renderQr, type QrFormat, type QrRenderInput, type QrRenderOutput } from './render/index';
import { validateQrDesign } from './validate';
import { resolveLogo } from '../../qr/logo';
import { assertLogoWithinPolicy } from '../svg/logo';

/** One print-file job: the design checked to scan at the printed size, then rendered. Plain data, so it can cross to a worker thread. */
export type QrRenderJob = { readonly format: QrFormat; readonly input: QrRenderInput };

export type QrRenderResult =
  | { readonly kind: 'rendered'; readonly output: QrRenderOutput }
  | { readonly kind: 'refused'; readonly problems: readonly QrProblem[] };

/** Where print files are made: on this thread (`checkAndRenderQr`) or in a bounded pool of worker threads (sync-server). */
export type QrRenderEngine = (job: QrRenderJob) => Promise<QrRenderResult>;

/** The SVG policy on the logo, the scannability check with the real logo at the printed size, then the render; a design that does not scan is refused with its problems. */
export const checkAndRenderQr: QrRenderEngine = async ({ format, input }) => {
  // A design saved before the SVG policy may carry a logo it refuses: refused here too, before any drawing.
  assertLogoWithinPolicy(resolveLogo(input.design, input.logoImage), 'design.logo');
  const check = await validateQrDesign(input.url, input.design, {
    sizeMm: input.sizeMm,
    ...(input.logoImage === undefined ? {} : { logoImage: input.logoImage }),
  });
  if (!check.ok) return { kind: 'refused', problems: check.problems };
  return { kind: 'rendered', output: await renderQr(format, input) };
};

import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';
import { SemanticError, ServiceUnavailableError } from '@linkhub/shared/errors/app-error';
import type { QrRenderEngine, QrRenderResult } from '@linkhub/shared/qr/check-and-render';
import type { RasterisedLogo, SvgRasteriser } from '@linkhub/shared/artifacts/logo-upload';
import type { RenderTask, RenderTaskResult } from './task';

export type RenderPoolLimits = {
  /** Render threads; renders beyond them wait in the queue. */
  readonly threads: number;
  /** Renders waiting for a thread; one more is refused with 503 at once rather than waiting without end. */
  readonly maxQueue: number;
  /** Wall-clock budget of one QR print file (check + render), in ms. */
  readonly qrBudgetMs: number;
  /** Wall-clock budget of one SVG logo rasterisation, in ms. */
  readonly svgBudgetMs: number;
  /** V8 heap of a render thread, in MB; a thread over it is ended and the task refused. */
  readonly heapMb: number;
};

/** One thread short of the machine (at least one), so renders never take every core from requests. */
export const DEFAULT_RENDER_POOL_LIMITS: RenderPoolLimits = {
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueue: 32,
  qrBudgetMs: 20_000,
  svgBudgetMs: 3_000,
  heapMb: 256,
};

/** The bounded pool of worker threads where print files and uploaded SVGs are drawn, off the request thread. */
export type RenderPool = {
  readonly renderQr: QrRenderEngine;
  readonly rasteriseSvg: SvgRasteriser;
  /** Tasks the threads have finished since the pool was made. */
  readonly completed: () => number;
  readonly close: () => Promise<void>;
};

/**
 * Under tsx this module is `pool.ts` and the thread loads `task.ts` through the same loader; in the
 * compiled build (`npm run build`) it is part of `dist/main.js` and the thread runs the
 * `dist/render-task.js` bundle beside it with plain node (scripts/build/entries.ts).
 */
const RUNS_FROM_SOURCE = import.meta.url.endsWith('.ts');
const TASK_FILE = RUNS_FROM_SOURCE
  ? new URL('./task.ts', import.meta.url)
  : new URL('./render-task.js', import.meta.url);

/** The thread's node flags: from source, the TypeScript loader this process runs under (tsx). */
function threadExecArgv(): string[] {
  if (!RUNS_FROM_SOURCE) return [];
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return ['--import', pathToFileURL(tsx).href];
}

type Failure = 'timeout' | 'memory' | 'other';

function failureOf(error: unknown): Failure {
  if (!(error instanceof Error)) return 'other';
  if (error.name === 'AbortError') return 'timeout';
  if ('code' in error && error.code === 'ERR_WORKER_OUT_OF_MEMORY') return 'memory';
  return 'other';
}

const busy = () =>
  new ServiceUnavailableError({
    message: 'Too many renders are running; try again in a few seconds.',
    details: [{ field: 'render', issue: 'render_queue_full' }],
  });

export function createRenderPool(limits: RenderPoolLimits = DEFAULT_RENDER_POOL_LIMITS): RenderPool {
  const piscina = new Piscina<RenderTask, RenderTaskResult>({
    filename: fileURLToPath(TASK_FILE),
    execArgv: threadExecArgv(),
    minThreads: 0,
    maxThreads: limits.threads,
    idleTimeout: 30_000,
    resourceLimits: {
      maxOldGenerationSizeMb: limits.heapMb,
      maxYoungGenerationSizeMb: Math.min(64, limits.heapMb / 4),
    },
  });
  // Counted here: piscina keeps abortable tasks outside its bounded queue.
  let inFlight = 0;
  const run = async (task: RenderTask, budgetMs: number) => {
    if (inFlight >= limits.threads + limits.maxQueue) throw busy();
    inFlight++;
    try {
      return await piscina.run(task, { signal: AbortSignal.timeout(budgetMs) });
    } finally {
      inFlight--;
    }
  };

  const renderQr: QrRenderEngine = async (job) => {
    try {
      return (await run({ kind: 'qr', job }, limits.qrBudgetMs)) as QrRenderResult;
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      const failure = failureOf(error);
      if (failure === 'other') throw error;
      // Inside the pixel budget a render takes about a second: past the budget the machine is overloaded, not the design wrong.
      throw new ServiceUnavailableError({
        message: 'The print file could not be rendered in time; try again shortly.',
        details: [
          {
            field: 'render',
            issue: failure === 'timeout' ? 'render_time_exceeded' : 'render_memory_exceeded',
          },
        ],
        cause: error,
      });
    }
  };

  const rasteriseSvg: SvgRasteriser = async (text) => {
    try {
      return (await run({ kind: 'svg', text }, limits.svgBudgetMs)) as RasterisedLogo;
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      const failure = failureOf(error);
      if (failure === 'timeout') {
        throw new SemanticError('image_too_complex', {
          message: `The SVG took longer than ${limits.svgBudgetMs} ms to draw; simplify it or upload a PNG.`,
          details: [{ field: 'file', issue: 'svg_render_time_exceeded', maximum: limits.svgBudgetMs }],
        });
      }
      if (failure === 'memory') {
        throw new SemanticError('image_too_complex', {
          message: 'The SVG needs too much memory to draw; simplify it or upload a PNG.',
          details: [{ field: 'file', issue: 'svg_render_memory_exceeded', maximum: limits.heapMb }],
        });
      }
      throw error;
    }
  };

  return {
    renderQr,
    rasteriseSvg,
    completed: () => piscina.completed,
    close: () => piscina.close({ force: true }),
  };
}

import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ERROR_CODES, type CodeWithStatus, type ErrorCode } from '@linkhub/shared/errors/codes';
import type { ErrorDetail } from '@linkhub/shared/errors/details';
import { SemanticError, ServiceUnavailableError, ValidationError } from '@linkhub/shared/errors/app-error';
import type { QrRenderEngine, QrRenderResult } from '@linkhub/shared/server/qr/check-and-render';
import type { RasterisedLogo, SvgRasteriser } from '@linkhub/shared/server/artifacts/logo-upload';
import type { PrintSheetJob, PrintSheetResult } from '@linkhub/shared/server/qr/print-sheet/pdf';
import type { RenderTask } from './task';
import { createProcessPool, TaskFailedError, type ProcessPoolEvent, type TaskFailure } from './processes';

export type RenderPoolLimits = {
  /** Render processes; renders beyond them wait in the queue. */
  readonly threads: number;
  /** Renders waiting for a thread; one more is refused with 503 at once rather than waiting without end. */
  readonly maxQueue: number;
  /** Wall-clock budget of one QR print file (check + render), in ms. */
  readonly qrBudgetMs: number;
  /** Wall-clock budget of one SVG logo rasterisation, in ms. */
  readonly svgBudgetMs: number;
  /** V8 heap of a render process, in MB; a process over it dies and the task is refused. */
  readonly heapMb: number;
};

/** One process short of the machine (at least one), so renders never take every core from requests. */
export const DEFAULT_RENDER_POOL_LIMITS: RenderPoolLimits = {
  threads: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueue: 32,
  qrBudgetMs: 20_000,
  svgBudgetMs: 3_000,
  heapMb: 256,
};

/** The bounded pool of child processes where print files and user SVGs are drawn, off the request thread (D-480). */
export type RenderPool = {
  readonly renderQr: QrRenderEngine;
  readonly rasteriseSvg: SvgRasteriser;
  /** A print sheet of many codes (its budget: one QR file's per 100 codes). */
  readonly renderSheet: (job: PrintSheetJob) => Promise<PrintSheetResult>;
  /** Tasks the processes have finished since the pool was made. */
  readonly completed: () => number;
  /** The render processes and their state (a killed one is `dying` until it has exited). */
  readonly processes: () => ReadonlyArray<{ readonly pid: number; readonly state: string }>;
  /** Resolves once render process `pid` has exited. */
  readonly exited: (pid: number) => Promise<void>;
  readonly close: () => Promise<void>;
};

/**
 * Under tsx this module is `pool.ts` and the child loads `child.ts` through the same loader; in the
 * compiled build (`npm run build`) it is part of `dist/main.js` and the child runs the
 * `dist/render-child.js` bundle beside it with plain node (scripts/build/entries.ts).
 */
const RUNS_FROM_SOURCE = import.meta.url.endsWith('.ts');
const CHILD_FILE = RUNS_FROM_SOURCE
  ? new URL('./child.ts', import.meta.url)
  : new URL('./render-child.js', import.meta.url);

/** The child's node flags: its heap limit, and from source the TypeScript loader this process runs under (tsx). */
function childExecArgv(heapMb: number): string[] {
  const heap = [`--max-old-space-size=${heapMb}`];
  if (!RUNS_FROM_SOURCE) return heap;
  const tsx = createRequire(import.meta.url).resolve('tsx');
  return [...heap, '--import', pathToFileURL(tsx).href];
}

const busy = () =>
  new ServiceUnavailableError({
    message: 'Too many renders are running; try again in a few seconds.',
    details: [{ field: 'render', issue: 'render_queue_full' }],
  });

const is422 = (code: ErrorCode): code is CodeWithStatus<422> => ERROR_CODES[code].status === 422;

/** A refusal thrown in the child (the SVG policy), rebuilt so the request answers with it. */
function rebuilt(error: unknown): Error {
  if (typeof error !== 'object' || error === null) return new Error('render failed');
  const { app, code, message, details } = error as {
    app?: unknown;
    code?: unknown;
    message?: unknown;
    details?: unknown;
  };
  const text = typeof message === 'string' ? message : 'render failed';
  if (app !== true || typeof code !== 'string' || !(code in ERROR_CODES) || !Array.isArray(details))
    return new Error(text);
  const known = code as ErrorCode;
  const list = details as ErrorDetail[];
  if (known === 'validation_failed') return new ValidationError(list, { message: text });
  if (is422(known)) return new SemanticError(known, { message: text, details: list });
  return new Error(text);
}

function failureOf(error: unknown): TaskFailure | null {
  return error instanceof TaskFailedError ? error.failure : null;
}

export function createRenderPool(
  limits: RenderPoolLimits = DEFAULT_RENDER_POOL_LIMITS,
  onEvent?: (event: ProcessPoolEvent) => void,
): RenderPool {
  const processes = createProcessPool({
    file: fileURLToPath(CHILD_FILE),
    execArgv: childExecArgv(limits.heapMb),
    size: limits.threads,
    maxQueue: limits.maxQueue,
    ...(onEvent === undefined ? {} : { onEvent }),
  });
  /** The task's answer, or the error the request should answer with (503 when the queue is full). */
  const run = async (task: RenderTask, budgetMs: number): Promise<unknown> => {
    try {
      return await processes.run(task, budgetMs);
    } catch (error) {
      const failure = failureOf(error);
      if (failure?.kind === 'queue_full') throw busy();
      if (failure?.kind === 'failed') throw rebuilt(failure.error);
      throw error;
    }
  };

  const renderQr: QrRenderEngine = async (job) => {
    try {
      return (await run({ kind: 'qr', job }, limits.qrBudgetMs)) as QrRenderResult;
    } catch (error) {
      const failure = failureOf(error);
      if (failure === null || (failure.kind !== 'timeout' && failure.kind !== 'memory')) throw error;
      // Inside the pixel budget a render takes about a second: past the budget the machine is overloaded, not the design wrong.
      throw new ServiceUnavailableError({
        message: 'The print file could not be rendered in time; try again shortly.',
        details: [
          {
            field: 'render',
            issue: failure.kind === 'timeout' ? 'render_time_exceeded' : 'render_memory_exceeded',
          },
        ],
        cause: error,
      });
    }
  };

  const renderSheet = async (job: PrintSheetJob): Promise<PrintSheetResult> => {
    const budgetMs = limits.qrBudgetMs * Math.max(1, Math.ceil(job.codes.length / 100));
    try {
      return (await run({ kind: 'sheet', job }, budgetMs)) as PrintSheetResult;
    } catch (error) {
      const failure = failureOf(error);
      if (failure === null || (failure.kind !== 'timeout' && failure.kind !== 'memory')) throw error;
      throw new ServiceUnavailableError({
        message: 'The print sheet could not be rendered in time; try again shortly, or with fewer codes.',
        details: [
          {
            field: 'render',
            issue: failure.kind === 'timeout' ? 'render_time_exceeded' : 'render_memory_exceeded',
          },
        ],
        cause: error,
      });
    }
  };

  const rasteriseSvg: SvgRasteriser = async (text, field = 'file') => {
    try {
      return (await run({ kind: 'svg', text, field }, limits.svgBudgetMs)) as RasterisedLogo;
    } catch (error) {
      const failure = failureOf(error);
      if (failure?.kind === 'timeout') {
        throw new SemanticError('image_too_complex', {
          message: `The SVG took longer than ${limits.svgBudgetMs} ms to draw; simplify it or upload a PNG.`,
          details: [{ field, issue: 'svg_render_time_exceeded', maximum: limits.svgBudgetMs }],
        });
      }
      if (failure?.kind === 'memory') {
        throw new SemanticError('image_too_complex', {
          message: 'The SVG needs too much memory to draw; simplify it or upload a PNG.',
          details: [{ field, issue: 'svg_render_memory_exceeded', maximum: limits.heapMb }],
        });
      }
      throw error;
    }
  };

  return {
    renderQr,
    rasteriseSvg,
    renderSheet,
    completed: processes.completed,
    processes: processes.slots,
    exited: processes.exited,
    close: processes.close,
  };
}

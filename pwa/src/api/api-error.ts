import type { ApiErrorDetail } from './api-error-detail';

export type { ApiErrorDetail } from './api-error-detail';

/** A refused request, with the envelope's code, sentence and per-field issues (docs/product-rules.md#errors). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: readonly ApiErrorDetail[],
  ) {
    super(message);
  }
}

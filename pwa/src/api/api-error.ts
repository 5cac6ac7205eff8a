/** One entry of the envelope's `details` (DESIGN §9): the field, the issue name and any numbers or words it carries. */
export type ApiErrorDetail = { field?: string; issue?: string; message?: string; minimum?: number; maximum?: number; format?: string; allowed?: readonly string[]; retry_after_seconds?: number };

/** A refused request, with the envelope's code, sentence and per-field issues (DESIGN §9). */
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

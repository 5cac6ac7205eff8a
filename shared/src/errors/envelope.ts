import { z } from 'zod';
import { AppError, InternalError, ValidationError } from './app-error';
import { ERROR_CODES } from './codes';
import type { ErrorDetail } from './details';

export { zodIssuesToDetails } from './zod-details';

/** The one error body every service sends (docs/product-rules.md#errors). */
export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.looseObject({ field: z.string(), issue: z.string() })),
    request_id: z.string(),
  }),
});
export type ErrorEnvelope = {
  readonly error: {
    readonly code: string;
    readonly message: string;
    readonly details: readonly ErrorDetail[];
    readonly request_id: string;
  };
};

export type ErrorResponse = { readonly status: number; readonly body: ErrorEnvelope };

/**
 * Any thrown value → `{status, body}`. AppErrors keep their code, message and details; a ZodError
 * becomes 400 `validation_failed` with one entry per bad field; everything else is 500
 * `internal_error` with the registry's message, so no internals (stack, SQL, paths) ever leave.
 */
export function toErrorEnvelope(error: unknown, requestId: string): ErrorResponse {
  const appError = toAppError(error);
  const internal = appError.code === 'internal_error';
  return {
    status: appError.status,
    body: {
      error: {
        code: appError.code,
        message: internal ? ERROR_CODES.internal_error.message : appError.message,
        details: internal ? [] : [...appError.details],
        request_id: requestId,
      },
    },
  };
}

function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return ValidationError.fromZod(error);
  return new InternalError({ cause: error });
}

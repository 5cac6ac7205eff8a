import { appErrorFor, type AppError } from '../errors/app-error';
import { ERROR_CODES, type ErrorCode, type ErrorStatus } from '../errors/codes';
import type { ErrorDetail } from '../errors/details';

export type Allow = { readonly allow: true };
export type Deny = {
  readonly allow: false;
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly details: readonly ErrorDetail[];
};
/** What `authorize()` returns: Allow, or Deny(status, code, details) (spec §3.5). */
export type Decision = Allow | Deny;

export const ALLOW: Allow = { allow: true };

export function deny(code: ErrorCode, details: readonly ErrorDetail[] = []): Deny {
  return { allow: false, status: ERROR_CODES[code].status, code, details };
}

/** The AppError a denial becomes (for `throw`), with the registry's message for its code. */
export function denialError(decision: Deny): AppError {
  return appErrorFor(decision.code, { details: decision.details });
}

/** Throws the denial as an AppError; returns nothing when allowed. */
export function assertAllowed(decision: Decision): void {
  if (!decision.allow) throw denialError(decision);
}

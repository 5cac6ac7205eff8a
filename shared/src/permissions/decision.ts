import { appErrorFor, type AppError } from '../errors/app-error';
import { ERROR_CODES, type ErrorCode, type ErrorStatus } from '../errors/codes';
import type { ErrorDetail } from '../errors/details';
import { planLimitMessage } from '../entitlements/limit-message';

export type Allow = { readonly allow: true };
export type Deny = {
  readonly allow: false;
  readonly status: ErrorStatus;
  readonly code: ErrorCode;
  readonly details: readonly ErrorDetail[];
};
/** What `authorize()` returns: Allow, or Deny(status, code, details) (docs/product-rules.md#permissions). */
export type Decision = Allow | Deny;

export const ALLOW: Allow = { allow: true };

export function deny(code: ErrorCode, details: readonly ErrorDetail[] = []): Deny {
  return { allow: false, status: ERROR_CODES[code].status, code, details };
}

/** The AppError a denial becomes (for `throw`): a plan limit says which and how many, else the registry's message for its code. */
export function denialError(decision: Deny): AppError {
  const message = decision.code === 'plan_limit_reached' ? planLimitMessage(decision.details) : undefined;
  return appErrorFor(decision.code, {
    details: decision.details,
    ...(message === undefined ? {} : { message }),
  });
}

/** Throws the denial as an AppError; returns nothing when allowed. */
export function assertAllowed(decision: Decision): void {
  if (!decision.allow) throw denialError(decision);
}

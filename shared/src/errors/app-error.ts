import type { z } from 'zod';
import { ERROR_CODES, type CodeWithStatus, type ErrorCode, type ErrorStatus } from './codes';
import type { ErrorDetail } from './details';
import { zodIssuesToDetails } from './zod-details';

export type { ErrorDetail } from './details';

export type AppErrorOptions = {
  /** A user-readable message; defaults to the registry's message for the code. */
  readonly message?: string;
  readonly details?: readonly ErrorDetail[];
  readonly cause?: unknown;
};

/**
 * The error class hierarchy (docs/product-rules.md#errors). Every error a service means to show a client is an AppError; its
 * status always comes from the code registry, so a code can never be sent with the wrong status.
 */
export abstract class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: ErrorStatus;
  readonly details: readonly ErrorDetail[];

  protected constructor(code: ErrorCode, options: AppErrorOptions = {}) {
    super(
      options.message ?? ERROR_CODES[code].message,
      options.cause === undefined ? undefined : { cause: options.cause },
    );
    this.name = new.target.name;
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = options.details ?? [];
  }

  /** Spec spelling of `status`. */
  get httpStatus(): ErrorStatus {
    return this.status;
  }
}

/** 400 — a request failed schema parsing. */
export class ValidationError extends AppError {
  constructor(details: readonly ErrorDetail[], options: Omit<AppErrorOptions, 'details'> = {}) {
    super('validation_failed', { ...options, details });
  }

  static fromZod(error: z.ZodError): ValidationError {
    return new ValidationError(zodIssuesToDetails(error), { cause: error });
  }
}

/** 401 — no valid actor, or an unmet assurance. */
export class AuthenticationError extends AppError {
  constructor(code: CodeWithStatus<401> = 'unauthenticated', options: AppErrorOptions = {}) {
    super(code, options);
  }
}

export class AssuranceError extends AuthenticationError {
  constructor(options: AppErrorOptions = {}) {
    super('totp_required', options);
  }
}

/** 403 — actor known, action refused. */
export class AuthorizationError extends AppError {
  constructor(code: CodeWithStatus<403>, options: AppErrorOptions = {}) {
    super(code, options);
  }
}

export class RoleError extends AuthorizationError {
  constructor(options: AppErrorOptions = {}) {
    super('insufficient_role', options);
  }
}

export class EntitlementError extends AuthorizationError {
  constructor(code: 'plan_feature_unavailable' | 'plan_limit_reached', options: AppErrorOptions = {}) {
    super(code, options);
  }
}

export class ScopeError extends AuthorizationError {
  constructor(options: AppErrorOptions = {}) {
    super('insufficient_scope', options);
  }
}

export class BillingError extends AuthorizationError {
  constructor(options: AppErrorOptions = {}) {
    super('billing_write_blocked', options);
  }
}

export class SessionAssuranceError extends AuthorizationError {
  constructor(
    code: 'email_verification_required' | 'reauthentication_required',
    options: AppErrorOptions = {},
  ) {
    super(code, options);
  }
}

/** 404 — missing, or intentionally concealed (cross-tenant, ungranted). */
export class NotFoundError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('not_found', options);
  }
}

/** 409 — uniqueness, state, last-owner, locked resource. */
export class ConflictError extends AppError {
  constructor(code: CodeWithStatus<409> = 'conflict', options: AppErrorOptions = {}) {
    super(code, options);
  }
}

/** 410 — soft-deleted or permanently removed. */
export class GoneError extends AppError {
  constructor(code: CodeWithStatus<410> = 'gone', options: AppErrorOptions = {}) {
    super(code, options);
  }
}

/** 412 — a conditional write (If-Match) on a version that is no longer current; details name what changed. */
export class PreconditionFailedError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('stale_write', options);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('request_too_large', options);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('unsupported_media_type', options);
  }
}

/** 422 — well-formed but not actionable. */
export class SemanticError extends AppError {
  constructor(code: CodeWithStatus<422>, options: AppErrorOptions = {}) {
    super(code, options);
  }
}

/** 429 — carries the seconds to wait (the route sets `Retry-After` from it). */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, options: AppErrorOptions = {}) {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super('rate_limited', {
      ...options,
      details: options.details ?? [{ field: 'request', issue: 'rate_limited', retry_after_seconds: seconds }],
    });
    this.retryAfterSeconds = seconds;
  }
}

/** 500 — unexpected; its message is never surfaced to clients. */
export class InternalError extends AppError {
  constructor(options: Omit<AppErrorOptions, 'details'> = {}) {
    super('internal_error', options);
  }
}

/** 503 — a dependency the request needs is down. */
export class ServiceUnavailableError extends AppError {
  constructor(options: AppErrorOptions = {}) {
    super('service_unavailable', options);
  }
}

function isCode<S extends number>(code: ErrorCode, status: S): code is CodeWithStatus<S> {
  return ERROR_CODES[code].status === status;
}

/**
 * The AppError for any registered code, in the class its status belongs to. This is how a
 * `Deny` decision from `authorize()` becomes a thrown error: `throw appErrorFor(d.code, {details: d.details})`.
 */
export function appErrorFor(code: ErrorCode, options: AppErrorOptions = {}): AppError {
  switch (code) {
    case 'validation_failed':
      return new ValidationError(options.details ?? [], options);
    case 'totp_required':
      return new AssuranceError(options);
    case 'insufficient_role':
      return new RoleError(options);
    case 'insufficient_scope':
      return new ScopeError(options);
    case 'billing_write_blocked':
      return new BillingError(options);
    case 'plan_feature_unavailable':
    case 'plan_limit_reached':
      return new EntitlementError(code, options);
    case 'email_verification_required':
    case 'reauthentication_required':
      return new SessionAssuranceError(code, options);
    case 'not_found':
      return new NotFoundError(options);
    case 'stale_write':
      return new PreconditionFailedError(options);
    case 'request_too_large':
      return new PayloadTooLargeError(options);
    case 'unsupported_media_type':
      return new UnsupportedMediaTypeError(options);
    case 'rate_limited':
      return new RateLimitError(60, options);
    case 'internal_error':
      return new InternalError(options);
    case 'service_unavailable':
      return new ServiceUnavailableError(options);
    default:
      if (isCode(code, 401)) return new AuthenticationError(code, options);
      if (isCode(code, 403)) return new AuthorizationError(code, options);
      if (isCode(code, 409)) return new ConflictError(code, options);
      if (isCode(code, 410)) return new GoneError(code, options);
      if (isCode(code, 422)) return new SemanticError(code, options);
      return new InternalError(options);
  }
}

/**
 * An error a caller named the input of differently (a REST body's `blocks.2.url` for the command's
 * `data.url`): the same code, status and message, its details' fields renamed.
 */
export class RenamedFieldsError extends AppError {
  constructor(source: AppError, rename: (field: string) => string) {
    super(source.code, {
      message: source.message,
      details: source.details.map((detail) => ({ ...detail, field: rename(detail.field) })),
      cause: source,
    });
  }
}

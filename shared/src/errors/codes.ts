/**
 * The error code registry (docs/product-rules.md#errors): every code any LinkHub service may put in the
 * error envelope, with its HTTP status and a default, user-readable message. Data, not code: the
 * AppError classes, the envelope serialiser and the tests all read this one table.
 */
export const ERROR_CODES = {
  // 400 — the request failed schema parsing (ValidationError).
  validation_failed: { status: 400, message: 'The request is invalid.' },

  // 401 — no valid actor, or an unmet authentication assurance (AuthenticationError).
  unauthenticated: { status: 401, message: 'Sign in to continue.' },
  invalid_credentials: { status: 401, message: 'The email or password is incorrect.' },
  api_key_revoked: { status: 401, message: 'This API key has been revoked.' },
  totp_required: { status: 401, message: 'Two-factor authentication is required for this workspace.' },

  // 403 — actor known, action refused (AuthorizationError).
  account_suspended: { status: 403, message: 'This account is suspended.' },
  membership_inactive: { status: 403, message: 'Your membership in this workspace is not active.' },
  insufficient_role: { status: 403, message: 'Your role does not allow this action.' },
  insufficient_scope: { status: 403, message: 'This API key does not have the scope this action requires.' },
  action_not_available_to_api_key: { status: 403, message: 'This action is not available to API keys.' },
  plan_feature_unavailable: { status: 403, message: "This feature is not included in the workspace's plan." },
  plan_limit_reached: { status: 403, message: "This workspace has reached its plan's limit." },
  billing_write_blocked: { status: 403, message: 'Editing is paused until the outstanding invoice is paid.' },
  email_verification_required: { status: 403, message: 'Verify your email address to do this.' },
  reauthentication_required: { status: 403, message: 'Confirm your password to continue.' },
  cross_site_request: {
    status: 403,
    message: 'This request came from another website and was refused. Open LinkHub directly and try again.',
  },

  // 404 — missing, or intentionally concealed (NotFoundError).
  not_found: { status: 404, message: 'Not found.' },

  // 409 — uniqueness, state, last-owner, locked resource (ConflictError).
  conflict: { status: 409, message: 'The request conflicts with the current state.' },
  slug_taken: { status: 409, message: 'This slug is already in use on this domain.' },
  qr_slug_reserved: { status: 409, message: 'This slug is permanently reserved by a QR code.' },
  handle_taken: { status: 409, message: 'This handle is already in use.' },
  email_taken: { status: 409, message: 'An account with this email already exists.' },
  domain_taken: { status: 409, message: 'This domain is already connected to a workspace.' },
  already_member: { status: 409, message: 'This person is already a member of the workspace.' },
  resource_archived: { status: 409, message: 'This item is archived. Restore it to edit it.' },
  resource_locked: { status: 409, message: 'This item is locked and cannot be changed.' },
  asset_in_use: {
    status: 409,
    message: 'This image is used by a QR code design. Remove it from the design first.',
  },
  last_owner_required: { status: 409, message: 'A workspace must always have an owner.' },
  last_grant: {
    status: 409,
    message:
      "This is the member's last grant. Say what happens next: make them unscoped (full access for their role) or remove them from the workspace.",
  },
  invalid_state_transition: { status: 409, message: 'This change is not possible in the current state.' },
  split_active: {
    status: 409,
    message: 'This link splits its traffic; starting a test replaces the split only when asked to.',
  },
  experiment_running: {
    status: 409,
    message: 'An A/B test is running on this link; end it before setting a split.',
  },
  idempotency_key_in_progress: {
    status: 409,
    message: 'A request with this Idempotency-Key is still in progress.',
  },

  // 410 — soft-deleted or permanently removed (GoneError).
  gone: { status: 410, message: 'This item no longer exists.' },
  resource_gone: { status: 410, message: 'This item has been deleted.' },
  workspace_deleted: { status: 410, message: 'This workspace has been deleted.' },

  // 412 — a write's If-Match names a version the item has moved on from (PreconditionFailedError).
  stale_write: {
    status: 412,
    message: 'This item changed since you read it; read it again and reapply your change.',
  },

  // 413 / 415.
  request_too_large: { status: 413, message: 'The request is too large.' },
  unsupported_media_type: { status: 415, message: 'The request body has an unsupported media type.' },

  // 422 — well-formed but not actionable (SemanticError).
  confirmation_required: { status: 422, message: 'Type the confirmation text to continue.' },
  idempotency_key_reused: {
    status: 422,
    message: 'This Idempotency-Key was already used with a different request.',
  },
  destination_unsafe: { status: 422, message: 'The destination URL is not allowed.' },
  domain_not_allowed: {
    status: 422,
    message: 'This host name cannot be connected: connect a domain you registered.',
  },
  invalid_click_id: {
    status: 422,
    message: 'This click id was not issued by LinkHub, was altered, or has expired.',
  },
  qr_unscannable: { status: 422, message: 'This QR design would not scan reliably.' },
  qr_payload_kind_fixed: {
    status: 422,
    message:
      'A static QR code cannot become dynamic, nor a dynamic one static: the printed symbol would change. Create a new QR code.',
  },
  qr_render_too_large: {
    status: 422,
    message:
      'A PNG this large cannot be rendered at this DPI. Choose a smaller size, or export PDF or SVG, which scale to any size.',
  },
  image_too_large: {
    status: 422,
    message: 'This photo is too large. Upload a smaller file or a photo with fewer pixels.',
  },
  image_too_complex: {
    status: 422,
    message: 'This image is too complex to process. Simplify it, or upload it as a PNG.',
  },
  folder_too_deep: {
    status: 422,
    message: 'Folders nest one level: a subfolder cannot hold folders or sit in another subfolder.',
  },

  // 429.
  rate_limited: { status: 429, message: 'Too many requests. Try again shortly.' },

  // 5xx — never carries internals.
  internal_error: { status: 500, message: 'Something went wrong on our side.' },
  service_unavailable: { status: 503, message: 'The service is temporarily unavailable.' },
} as const satisfies Record<string, { readonly status: number; readonly message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]['status'];

/** The codes whose registered status is S, e.g. `CodeWithStatus<409>`. */
export type CodeWithStatus<S extends number> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]['status'] extends S ? C : never;
}[ErrorCode];

export const ERROR_CODE_LIST: readonly ErrorCode[] = Object.keys(ERROR_CODES).filter(isErrorCode);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function statusOf(code: ErrorCode): ErrorStatus {
  return ERROR_CODES[code].status;
}

export function defaultMessageOf(code: ErrorCode): string {
  return ERROR_CODES[code].message;
}

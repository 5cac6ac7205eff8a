import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from '@linkhub/shared/errors/codes';
import { isUrlRefusalMessage } from '@linkhub/shared/schemas/common';
import { ownEntry } from '@linkhub/shared/text/own-entry';
import { ApiError, type ApiErrorDetail } from '../api/api-error';
import { fieldLabel } from './field-label';

export { fieldLabel };

/**
 * The one place the editor turns error codes into words: the envelope's codes
 * (docs/product-rules.md#errors), the per-field issue names the server puts in `details`, and zod's issue codes for
 * what the editor checks itself. Nothing shown to a person ever carries a raw code or JSON.
 */

/** Every envelope code, in the words the editor shows; `Record<ErrorCode, …>` makes a new code a compile error here. */
const CODE_SENTENCES: Record<ErrorCode, string> = {
  validation_failed: 'Some of what you entered needs another look.',
  unauthenticated: 'Your session has ended. Sign in again to continue.',
  invalid_credentials: 'The email or password is incorrect.',
  api_key_revoked: 'This API key has been revoked.',
  totp_required: 'This workspace requires two-factor authentication. Turn it on in Settings to continue.',
  account_suspended: 'This account is suspended.',
  membership_inactive: 'Your membership in this workspace is not active.',
  insufficient_role: 'Your role in this workspace does not allow this.',
  insufficient_scope: 'This API key is not allowed to do this.',
  action_not_available_to_api_key: 'This can only be done when signed in, not with an API key.',
  plan_feature_unavailable: "This feature is not included in this workspace's plan.",
  plan_limit_reached: "This workspace has reached its plan's limit.",
  billing_write_blocked: 'Editing is paused until the outstanding invoice is paid.',
  email_verification_required: 'Verify your email address first: check your inbox for the link.',
  reauthentication_required: 'Confirm your password to continue.',
  cross_site_request:
    'This request came from another website and was refused. Open LinkHub directly and try again.',
  not_found: 'This item could not be found. It may have been deleted.',
  conflict: 'Someone changed this at the same time. Reload and try again.',
  slug_taken: 'This short link is already in use on this domain. Choose another ending.',
  qr_slug_reserved: 'This short link belongs to a printed QR code and cannot be reused.',
  handle_taken: 'This handle is already in use. Choose another one.',
  email_taken: 'An account with this email already exists.',
  domain_taken: 'This domain is already connected to a workspace.',
  domain_not_allowed: 'This host name cannot be connected: connect a domain you registered.',
  invalid_click_id: 'This click id was not issued by LinkHub, was altered, or has expired.',
  already_member: 'This person is already a member of the workspace.',
  resource_archived: 'This item is archived. Restore it to edit it.',
  resource_locked: 'This item is locked and cannot be changed.',
  asset_in_use: 'This image is used by a QR code design. Remove it from the design first.',
  last_owner_required: 'A workspace must always have an owner. Make someone else owner first.',
  last_grant:
    'This is the last item granted to this member. Choose whether they get full access for their role or leave the workspace.',
  invalid_state_transition: 'This change is not possible right now.',
  split_active:
    'This link splits its traffic between destinations. Starting a test replaces the split (it is kept in the link’s history).',
  experiment_running:
    'An A/B test decides where this link sends visitors. End the test before setting a split.',
  idempotency_key_in_progress: 'This request is still being processed. Try again in a moment.',
  gone: 'This item no longer exists.',
  resource_gone: 'This item has been deleted.',
  stale_write: 'Someone changed this since you opened it. Open it again and reapply your change.',
  workspace_deleted: 'This workspace has been deleted.',
  request_too_large: 'This is too large to send.',
  unsupported_media_type: 'This kind of file is not supported.',
  confirmation_required: 'Type the confirmation text to continue.',
  idempotency_key_reused: 'This request was already sent with different content.',
  destination_unsafe: 'This destination is not allowed: it looks unsafe.',
  qr_unscannable: 'This QR design would not scan reliably.',
  qr_payload_kind_fixed:
    'A static QR code cannot become dynamic, nor a dynamic one static: create a new QR code instead.',
  qr_render_too_large:
    'A PNG this large cannot be made at this resolution. Choose a smaller size, or export PDF or SVG.',
  image_too_large: 'This photo is too large. Upload a smaller file or a photo with fewer pixels.',
  image_too_complex: 'This image is too complex to process. Simplify it, or upload it as a PNG.',
  folder_too_deep: 'Folders nest one level: choose a top-level folder, or none.',
  rate_limited: 'Too many attempts. Wait a little and try again.',
  internal_error: 'Something went wrong on our side. Try again in a moment.',
  service_unavailable: 'The service is temporarily unavailable. Try again in a moment.',
};

/** Codes the editor itself raises (no envelope). */
const CLIENT_SENTENCES: Record<string, string> = {
  network_error: 'No connection to the server. Try again when you are online.',
  http_error: 'The server could not answer. Try again in a moment.',
  unexpected_response: 'The server sent an answer the editor does not understand. Try again in a moment.',
  csv_unreadable: 'This file could not be read. Save it as CSV (UTF-8) and try again.',
  csv_too_large: 'This file is too large to import. Split it into smaller files.',
  csv_empty: 'This file has no rows to import.',
  csv_no_url_column: 'This file has no destination_url (or url) column. Name the columns in its first row.',
  csv_too_many_rows:
    'This file has more than 5,000 rows. Split it into files of up to 5,000 rows and import each one.',
  csv_too_many_qr_rows:
    'This file has more than 500 rows, the most one print run takes. Split it into files of up to 500 rows.',
  csv_malformed_row: 'This row could not be read: a quoted value is not closed.',
};

const isKnownCode = (code: string): code is ErrorCode => Object.hasOwn(CODE_SENTENCES, code);

/** The sentence for an envelope (or client) code; an unknown code gets a plain fallback, never itself. */
export function codeSentence(code: string): string {
  if (isKnownCode(code)) return CODE_SENTENCES[code];
  return ownEntry(CLIENT_SENTENCES, code) ?? 'Something went wrong. Try again in a moment.';
}

/** Server issue names (`details[].issue`) with a fixed sentence; `{label}` is the field's label. */
const ISSUE_SENTENCES: Record<string, string> = {
  required: '{label} is required.',
  taken: '{label} is already in use.',
  duplicate: '{label} appears twice.',
  duplicate_in_file: '{label} is already used by an earlier row of this file.',
  reserved: '{label} is reserved. Choose another one.',
  unrecognized_key: '{label} is not a field the editor knows.',
  invalid_type: '{label} has the wrong kind of value.',
  invalid_format: '{label} is not in the expected format.',
  invalid_value: '{label} is not a value we accept.',
  invalid_or_expired: 'This link or code is invalid or has expired. Ask for a new one.',
  invalid_credentials: 'The email or password is incorrect.',
  locked_out: 'Too many failed attempts. Wait a little and try again.',
  rate_limited: 'Too many attempts. Wait a little and try again.',
  expires_before_start: 'The expiry must be after the start.',
  from_after_to: 'The start date must be before the end date.',
  inverted: 'The start must be before the end.',
  range_too_long: 'This date range is too long. Choose a shorter one.',
  empty_update: 'Nothing was changed.',
  empty: '{label} cannot be empty.',
  too_large: '{label} is too large.',
  too_many_pixels: 'This image has too many pixels. Use a smaller one.',
  unreadable_image: 'This image could not be read. Try a PNG, JPEG or SVG file.',
  unsupported_type: 'This kind of file is not supported.',
  svg_external_reference: 'This SVG loads files from elsewhere, which is not allowed.',
  svg_entities: 'This SVG uses entities, which are not allowed.',
  low_contrast: 'The colours are too close together to scan reliably.',
  does_not_decode: 'This QR design does not scan in our test. Try more contrast or a smaller logo.',
  quiet_zone_too_small: 'The margin around the QR code is too small to scan reliably.',
  modules_too_small: 'The QR code is too small to print and scan. Make it larger.',
  logo_needs_higher_ec: 'A logo needs a higher error-correction level.',
  logo_too_large: 'The logo covers too much of the code. Make it smaller.',
  sole_owner: 'You are the only owner. Make someone else owner first.',
  last_owner: 'A workspace must always have an owner.',
  last_owner_required: 'A workspace must always have an owner.',
  beyond_role: 'You cannot give a role higher than your own.',
  already_member: 'This person is already a member of the workspace.',
  invitation_pending: 'This person already has an invitation waiting.',
  has_qr_codes: 'This is used by QR codes. Remove them first.',
  pinned_to_qr_code: 'This link is printed on a QR code, so its short link cannot change.',
  uses_asset: 'This image is used by a design.',
  asset_not_found: 'This image could not be found. Upload it again.',
  conflicts_with_domain: '{label} clashes with a domain already connected.',
  confirmation_required: 'Type the confirmation text to continue.',
  not_found: '{label} could not be found.',
  not_supported: 'This is not supported.',
  not_applicable: '{label} does not apply here.',
  feature_unavailable: "This is not included in this workspace's plan.",
  limit_reached: "This workspace has reached its plan's limit.",
  destination_unsafe: 'This destination is not allowed: it looks unsafe.',
  unreachable: 'This could not be reached. Check the address.',
  too_few_destinations: 'A split needs at least two destinations.',
  unsupported_embed: 'This address cannot be embedded.',
  totp_required: 'Enter the code from your authenticator app.',
  insufficient_scope: 'This API key is not allowed to do this.',
};

/** A message the server or a schema author wrote on purpose (zod's defaults start with these words). */
function isAuthored(message: string | undefined): message is string {
  if (!message || message.trim() === '') return false;
  const text = message.trim();
  if (/^(Invalid|Too small|Too big|Unrecognized|Expected|Required)\b/.test(text)) return false;
  // Raw JSON, a bare code (`too_small`) or a "(field: code)" tail are never shown.
  return !/^[{[]/.test(text) && !/^[a-z0-9]+(_[a-z0-9]+)+$/.test(text) && !/\(\w+: \w+\)/.test(text);
}

const lowerFirst = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const asSentence = (text: string): string => {
  const trimmed = text.trim();
  const capital = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
};

type Kind = 'string' | 'array' | 'number' | 'other';

function sizeSentence(label: string, bound: 'min' | 'max', limit: number | undefined, kind: Kind): string {
  if (limit === undefined || !Number.isFinite(limit))
    return bound === 'min' ? `${label} is too short.` : `${label} is too long.`;
  if (kind === 'string') {
    if (bound === 'min' && limit <= 1) return `${label} is required.`;
    return `${label} must be at ${bound === 'min' ? 'least' : 'most'} ${limit} character${limit === 1 ? '' : 's'}.`;
  }
  if (kind === 'array')
    return `${label} needs at ${bound === 'min' ? 'least' : 'most'} ${limit} item${limit === 1 ? '' : 's'}.`;
  return `${label} must be ${bound === 'min' ? 'at least' : 'at most'} ${limit}.`;
}

const FORMAT_SENTENCES: Record<string, string> = {
  email: 'Enter a valid email address.',
  url: 'Enter a full web address, such as https://example.com.',
  uuid: '{label} is not a valid identifier.',
  datetime: 'Enter a date and time.',
  date: 'Enter a date.',
  regex: '{label} contains characters that are not allowed.',
};

/** Fields whose every problem has one helpful sentence. */
const FIELD_SENTENCES: Record<string, string> = {
  time_zone: 'Time zone must be a name such as Europe/Berlin or UTC.',
};

type IssueFacts = {
  field: string;
  issue: string;
  message?: string | undefined;
  minimum?: number | undefined;
  maximum?: number | undefined;
  format?: string | undefined;
  allowed?: readonly string[] | undefined;
  kind: Kind;
};

function kindFromMessage(message: string | undefined): Kind {
  if (!message) return 'other';
  if (/\bstring\b|characters?\b|\bempty\b/.test(message)) return 'string';
  if (/\barray\b|items?\b/.test(message)) return 'array';
  if (/\bnumber\b|\bint\b/.test(message)) return 'number';
  return 'other';
}

function issueSentence(facts: IssueFacts): string {
  const label = fieldLabel(facts.field);
  const last =
    facts.field
      .split('.')
      .filter((s) => !/^\d+$/.test(s))
      .at(-1) ?? '';
  const fieldSentence = ownEntry(FIELD_SENTENCES, last);
  if (fieldSentence && facts.issue !== 'required') return fieldSentence;
  const fill = (template: string) => template.replaceAll('{label}', label);
  switch (facts.issue) {
    case 'too_small':
      return sizeSentence(label, 'min', facts.minimum, facts.kind);
    case 'too_big':
      return sizeSentence(label, 'max', facts.maximum, facts.kind);
    case 'invalid_format': {
      // A pattern's own message says what is allowed ("Use 1–64 lower-case letters…"); the generic one cannot.
      if (facts.format === 'regex' && isAuthored(facts.message))
        return `${label}: ${lowerFirst(asSentence(facts.message))}`;
      if (facts.format === 'url' && isUrlRefusalMessage(facts.message)) return facts.message;
      const format = facts.format ? ownEntry(FORMAT_SENTENCES, facts.format) : undefined;
      if (format) return fill(format);
      break;
    }
    case 'invalid_value':
      if (facts.allowed && facts.allowed.length > 0 && facts.allowed.length <= 8)
        return `${label} must be one of: ${facts.allowed.join(', ')}.`;
      break;
    default:
  }
  if (isAuthored(facts.message)) return asSentence(facts.message);
  const fixed = ownEntry(ISSUE_SENTENCES, facts.issue);
  return fill(fixed ?? '{label} is not valid.');
}

/** One server `details` entry as a sentence. */
export function detailSentence(detail: ApiErrorDetail): string {
  return issueSentence({
    field: detail.field ?? '',
    issue: detail.issue ?? 'invalid',
    message: detail.message,
    minimum: detail.minimum,
    maximum: detail.maximum,
    format: detail.format,
    allowed: detail.allowed,
    kind: kindFromMessage(detail.message),
  });
}

type ZodIssue = z.core.$ZodIssue;

function zodKind(issue: ZodIssue): Kind {
  if (issue.code !== 'too_small' && issue.code !== 'too_big') return 'other';
  return issue.origin === 'string'
    ? 'string'
    : issue.origin === 'array' || issue.origin === 'set'
      ? 'array'
      : issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint'
        ? 'number'
        : 'other';
}

function zodIssueName(issue: ZodIssue): string {
  if (issue.code === 'invalid_type' && 'input' in issue && issue.input === undefined) return 'required';
  if (issue.code === 'custom') {
    const params: unknown = issue.params;
    if (
      typeof params === 'object' &&
      params !== null &&
      'issue' in params &&
      typeof params.issue === 'string'
    )
      return params.issue;
  }
  return issue.code;
}

/** One zod issue (the editor's own check, before saving) as a sentence. */
export function zodIssueSentence(issue: ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const limit =
    issue.code === 'too_small'
      ? Number(issue.minimum)
      : issue.code === 'too_big'
        ? Number(issue.maximum)
        : undefined;
  return issueSentence({
    field,
    issue: zodIssueName(issue),
    // A schema's own message is kept only when it is not zod's default wording.
    message:
      issue.code === 'custom' || issue.code === 'invalid_format' || issue.code === 'invalid_value'
        ? issue.message
        : undefined,
    minimum: issue.code === 'too_small' ? limit : undefined,
    maximum: issue.code === 'too_big' ? limit : undefined,
    format: issue.code === 'invalid_format' ? issue.format : undefined,
    allowed: issue.code === 'invalid_value' ? issue.values.map((v) => String(v)) : undefined,
    kind: zodKind(issue),
  });
}

/** `links.2.url` → `links`: the field a form shows an error under. */
export const topField = (field: string): string => field.split('.')[0] ?? field;

/** The first issue per field (and per top-level field), in words, for showing beside the inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'form';
    const top = topField(key);
    const sentence = zodIssueSentence(issue);
    out[top] ??= sentence;
    out[key] ??= sentence;
  }
  return out;
}

/** A refused request's per-field sentences (the envelope's `details`), keyed like fieldErrors. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const out: Record<string, string> = {};
  for (const detail of error.details) {
    const key = detail.field && detail.field !== 'body' ? detail.field : 'form';
    const top = topField(key);
    const sentence = detailSentence(detail);
    out[top] ??= sentence;
    out[key] ??= sentence;
  }
  return out;
}

function apiErrorSentence(error: ApiError): string {
  if (error.status >= 500 && error.code !== 'service_unavailable') return codeSentence('internal_error');
  const sentences = [
    ...new Set(
      error.details.filter((d) => d.field !== undefined || d.issue !== undefined).map(detailSentence),
    ),
  ];
  if (error.code === 'validation_failed' && sentences.length > 0) return sentences.slice(0, 3).join(' ');
  // The server's own sentence when it says more than the code's registry default.
  if (isAuthored(error.message) && !REGISTRY_DEFAULTS.has(error.message)) return asSentence(error.message);
  return codeSentence(error.code);
}

const REGISTRY_DEFAULTS = new Set<string>(Object.values(ERROR_CODES).map((entry) => entry.message));

/** The sentence to show for anything a call, a mutator or a check threw. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return apiErrorSentence(error);
  if (error instanceof z.ZodError) {
    const sentences = [...new Set(error.issues.map(zodIssueSentence))];
    return sentences.length > 0 ? sentences.slice(0, 3).join(' ') : codeSentence('validation_failed');
  }
  if (error instanceof Error && isAuthored(error.message)) return asSentence(error.message);
  return 'Something went wrong. Try again in a moment.';
}

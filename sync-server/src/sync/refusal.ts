import { z } from 'zod';
import { AppError, ConflictError, ValidationError } from '@linkhub/shared/errors/app-error';
import { pgErrorInfo, translateDbError } from '@linkhub/shared/server/db/errors';

/**
 * What a push does with an error thrown inside one mutation ("refuse, don't fail", ARCHITECTURE.md#rules-that-hold-at-every-door):
 * every error refuses that one mutation with a notice in plain words, except a lost database
 * connection (and a transient lock conflict), which fails the push so Replicache sends it again.
 */
export type MutationFailure =
  | { kind: 'retry'; error: unknown }
  | {
      kind: 'refuse';
      error: AppError | z.ZodError;
      unexpected: boolean;
      /** Name no resource in the notice: an id conflict reads the same whoever holds the id. */
      anonymous: boolean;
    };

type PgLike = { code?: unknown; constraint?: unknown; message?: unknown };

function pgFields(error: unknown): PgLike {
  return typeof error === 'object' && error !== null ? (error as PgLike) : {};
}

/** Node socket errors and pg's own messages when the server or the socket went away. */
const NODE_CONNECTION_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
]);
const PG_CONNECTION_MESSAGES = [
  /connection terminated/i,
  /not queryable/i,
  /client was closed/i,
  /connection ended/i,
];
/** 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; 40001/40P01 clear on a retry. */
const RETRYABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '40001', '40P01']);

export function isRetryable(error: unknown): boolean {
  const { code, message } = pgFields(error);
  if (
    typeof code === 'string' &&
    (code.startsWith('08') || RETRYABLE_SQLSTATES.has(code) || NODE_CONNECTION_CODES.has(code))
  )
    return true;
  return (
    typeof message === 'string' &&
    !(error instanceof AppError) &&
    PG_CONNECTION_MESSAGES.some((re) => re.test(message))
  );
}

/** Check constraints whose meaning the user can act on, as the same detail REST gives for the same input. */
const CHECK_DETAILS: Record<string, { field: string; issue: string; message: string }> = {
  ck_links_window: {
    field: 'expires_at',
    issue: 'expires_before_start',
    message: 'The expiry must be after the start.',
  },
  ck_qr_codes_window: {
    field: 'expires_at',
    issue: 'expires_before_start',
    message: 'The expiry must be after the start.',
  },
};

/**
 * An id that is already taken answers the same whichever workspace holds it, so a push cannot
 * tell whether an id exists in another tenant.
 */
export const ID_TAKEN_MESSAGE = 'An item with this id already exists.';

function fromDatabase(error: unknown): AppError | null {
  const info = pgErrorInfo(error);
  if (!info) return null;
  const code = info.sqlState;
  const name = info.constraint ?? '';
  if (code === '23505' && name.endsWith('_pkey'))
    return new ConflictError('conflict', {
      message: ID_TAKEN_MESSAGE,
      details: [{ field: 'id', issue: 'id_taken' }],
    });
  if (code === '23505')
    return new ConflictError('conflict', {
      message: 'This conflicts with an item that already exists.',
      details: [{ field: 'body', issue: 'already_exists' }],
    });
  if (code === '23503')
    return new ConflictError('conflict', {
      message: 'This change refers to something that does not exist.',
      details: [{ field: 'body', issue: 'missing_reference' }],
    });
  if (code === '23514') {
    const known = CHECK_DETAILS[name];
    return known
      ? new ValidationError([{ field: known.field, issue: known.issue }], { message: known.message })
      : new ValidationError([{ field: 'body', issue: 'invalid_value' }], {
          message: 'This change breaks a rule the data must keep.',
        });
  }
  if (code.startsWith('22') || code === '23502' || code === '54001')
    return new ValidationError([{ field: 'body', issue: 'invalid_value' }], {
      message: 'This change holds a value that cannot be stored.',
    });
  return null;
}

export function classifyMutationError(raw: unknown): MutationFailure {
  if (isRetryable(raw)) return { kind: 'retry', error: raw };
  const translated = translateDbError(raw);
  if (translated instanceof AppError || translated instanceof z.ZodError)
    return { kind: 'refuse', error: translated, unexpected: false, anonymous: false };
  const known = fromDatabase(translated);
  if (known)
    return {
      kind: 'refuse',
      error: known,
      unexpected: false,
      anonymous: known.details.some((d) => d.issue === 'id_taken'),
    };
  // A bug or an unforeseen failure: the user still hears about it, and we log it.
  return {
    kind: 'refuse',
    error: new ConflictError('conflict', {
      message: 'Something went wrong on our side while saving it.',
      details: [{ field: 'body', issue: 'not_applied' }],
    }),
    unexpected: true,
    anonymous: false,
  };
}

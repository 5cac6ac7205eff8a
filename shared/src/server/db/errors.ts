import { ConflictError, ValidationError } from '../../errors/app-error';
/**
 * Recognising the database's refusals so the command layer maps them to API errors. Triggers raise
 * SQLSTATE P0001 with a message starting with a code, e.g. 'qr_slug_reserved: …' (→ 409 qr_slug_reserved),
 * 'last_owner_required: …' (→ 409), 'audit_log_append_only: …', 'qr_slug_reservation_permanent: …',
 * 'qr_slug_immutable: …', 'domain_not_in_workspace: …', 'system_domain_protected: …'.
 */
export type PgErrorInfo = {
  /** SQLSTATE, e.g. '23505' unique_violation, '23503' foreign_key_violation, '23514' check_violation, 'P0001' */
  sqlState: string;
  /** the code prefix of a trigger message ('qr_slug_reserved'), else undefined */
  triggerCode: string | undefined;
  constraint: string | undefined;
  message: string;
};

function field(value: object, key: string): unknown {
  return key in value ? (value as Record<string, unknown>)[key] : undefined;
}

/** Reads a node-postgres error (also when wrapped as `cause`, as drizzle does); undefined if it is not one. */
export function pgErrorInfo(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const code = field(current, 'code');
    const message = field(current, 'message');
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof message === 'string') {
      const constraint = field(current, 'constraint');
      const prefix = code === 'P0001' ? /^([a-z_]+):/.exec(message) : null;
      return {
        sqlState: code,
        triggerCode: prefix?.[1],
        constraint: typeof constraint === 'string' ? constraint : undefined,
        message,
      };
    }
    current = field(current, 'cause');
  }
  return undefined;
}

/** True when the database refused a slug because a QR code holds it (or a QR would take a live link's). */
export function isQrSlugReserved(error: unknown): boolean {
  return pgErrorInfo(error)?.triggerCode === 'qr_slug_reserved';
}

/** A unique violation (23505), of `constraint` when given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const info = pgErrorInfo(error);
  return info?.sqlState === '23505' && (constraint === undefined || info.constraint === constraint);
}

/** The database refusals every caller reports the same way (the deferred one-owner trigger → 409 last_owner_required). */
export function translateDbError(error: unknown): unknown {
  const info = pgErrorInfo(error);
  if (info?.triggerCode === 'last_owner_required') {
    return new ConflictError('last_owner_required', {
      details: [{ field: 'role', issue: 'last_owner_required' }],
    });
  }
  // Text the database cannot store (a NUL, 22021; an untranslatable character, 22P05) is the
  // sender's input: the doors refuse it first (json-bounds.ts); this keeps a missed one a 400.
  if (info?.sqlState === '22021' || info?.sqlState === '22P05') {
    return new ValidationError([{ field: 'body', issue: 'invalid_character' }], {
      message: 'The request holds a character that cannot be stored.',
    });
  }
  return error;
}

import { v7 } from 'uuid';

/** A new UUIDv7 (time-ordered), the same kind the database's uuid_generate_v7() default makes. */
export function uuidv7(): string {
  return v7();
}

const UUID_TEXT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Text PostgreSQL's uuid type accepts in its hyphenated form (any version): checked before a
 * query so a malformed id reads as "not there" rather than failing the statement with a cast error.
 */
export function isUuidText(value: string): boolean {
  return UUID_TEXT.test(value);
}

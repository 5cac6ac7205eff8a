import { v7 } from 'uuid';

/** A new UUIDv7 (time-ordered), the same kind the database's uuid_generate_v7() default makes. */
export function uuidv7(): string {
  return v7();
}

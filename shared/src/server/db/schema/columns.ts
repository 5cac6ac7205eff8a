import { sql } from 'drizzle-orm';
import { bigint, customType, timestamp, uuid } from 'drizzle-orm/pg-core';

/** uuid primary key defaulting to the database's uuid_generate_v7() (callers may pass their own v7 id). */
export const pk = () =>
  uuid('id')
    .primaryKey()
    .default(sql`uuid_generate_v7()`);

/** timestamptz column, read as a Date. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const createdAt = () => tstz('created_at').notNull().defaultNow();
export const updatedAt = () => tstz('updated_at').notNull().defaultNow();

/** Synced tables: bumped by a trigger on every UPDATE (see 0002_identity.sql bump_row_version). */
export const rowVersion = () => bigint('row_version', { mode: 'number' }).notNull().default(1);

/** bytea as a Node Buffer (visitor_hash / ua_hash are exactly 16 bytes). */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => 'bytea',
});

export type JsonObject = Record<string, unknown>;

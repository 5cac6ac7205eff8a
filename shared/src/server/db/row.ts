import type { InferSelectModel, Table } from 'drizzle-orm';

/** `destinationUrl` → `destination_url`: the column name drizzle's camelCase field stands for. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/**
 * The shape node-postgres returns for `SELECT <columns> FROM <table>` written in raw SQL, derived
 * from the drizzle schema (the typed mirror of the migrations, checked against them by
 * schema.test.ts), so a raw query's row type cannot drift from the table.
 */
export type RowOf<T extends Table, K extends keyof InferSelectModel<T> & string> = {
  [P in K as SnakeCase<P>]: InferSelectModel<T>[P];
};

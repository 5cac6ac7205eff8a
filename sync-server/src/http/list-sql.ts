import { decodeCursor } from './cursor';
import { likePattern } from './envelope';
import type { ReadScope } from './caller';

/**
 * The WHERE/ORDER/LIMIT of every /v1 list: tenant, grants (scoped members), an optional ILIKE
 * search over the given expressions, the keyset cursor over (created_at, id), newest first.
 */
export class ListSql {
  readonly where: string[] = [];
  readonly values: unknown[] = [];

  constructor(
    private readonly alias: string,
    scope: ReadScope,
  ) {
    this.add(`${alias}.workspace_id = $?`, scope.workspaceId);
    if (scope.grantedIds !== null) this.add(`${alias}.id = ANY($?::uuid[])`, scope.grantedIds);
  }

  /** `$?` in the clause is replaced by the value's placeholder. */
  add(clause: string, value?: unknown): this {
    if (value === undefined) {
      this.where.push(clause);
      return this;
    }
    this.values.push(value);
    this.where.push(clause.replaceAll('$?', `$${this.values.length}`));
    return this;
  }

  search(q: string | undefined, expressions: readonly string[]): this {
    if (q === undefined) return this;
    return this.add(`(${expressions.map((e) => `${e} ILIKE $?`).join(' OR ')})`, likePattern(q));
  }

  cursor(raw: string | undefined): this {
    const cursor = decodeCursor(raw);
    if (cursor === null) return this;
    this.values.push(cursor.t, cursor.id);
    const n = this.values.length;
    this.where.push(`(${this.alias}.created_at, ${this.alias}.id) < ($${n - 1}::timestamptz, $${n}::uuid)`);
    return this;
  }

  tail(limit: number): string {
    this.values.push(limit + 1);
    return `WHERE ${this.where.join(' AND ')} ORDER BY ${this.alias}.created_at DESC, ${this.alias}.id DESC LIMIT $${this.values.length}`;
  }
}

/** PostgreSQL's own text of a timestamptz (microseconds kept) for the cursor. */
export const cursorColumn = (alias: string): string => `to_json(${alias}.created_at) #>> '{}' AS cursor_at`;

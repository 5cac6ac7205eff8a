import type { RowOf } from '@linkhub/shared/server/db/row';
import type { auditLogEntries } from '@linkhub/shared/server/db/schema/workspaces';
import { z } from 'zod';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';

/**
 * The audit log: one append-only writer every domain uses, inside the transaction of the change
 * it records (so an entry exists iff the change committed). The table refuses UPDATE/DELETE.
 */
export type AuditActor =
  | { type: 'user'; userId: string }
  | { type: 'api_key'; apiKeyId: string; userId?: string | null }
  | { type: 'system' };

export type AuditEntry = {
  workspaceId: string | null;
  actor: AuditActor;
  /** `domain.verb`, e.g. `member.role_changed`, `link.destination_changed`. */
  action: string;
  resourceType?: string | null;
  resourceId?: string | null;
  summary?: string | null;
  before?: unknown;
  after?: unknown;
  metadata?: Record<string, unknown>;
  requestId?: string | null;
  /** Days the entry is kept; null keeps it forever; absent: AUDIT_RETENTION_DAYS (D-505). */
  retentionDays?: number | null;
};

/** Default retention; QR destination changes are forced to forever by a trigger. */
export const AUDIT_RETENTION_DAYS = 730;

export async function writeAudit(tx: Queryable, entry: AuditEntry): Promise<string> {
  const insert = auditInsert(entry, 1);
  const row = await one<{ id: string }>(tx, `${insert.text} RETURNING id`, insert.values);
  if (!row) throw new Error('audit insert returned no row');
  return row.id;
}

/**
 * The audit row's INSERT with its parameters numbered from `firstParam`, so a command can send it in
 * the same statement as the change it records (one round trip; see support.ts).
 */
export function auditInsert(entry: AuditEntry, firstParam: number): { text: string; values: unknown[] } {
  const changes: Record<string, unknown> = {};
  if (entry.before !== undefined) changes.before = entry.before;
  if (entry.after !== undefined) changes.after = entry.after;
  const actorUserId =
    entry.actor.type === 'user'
      ? entry.actor.userId
      : entry.actor.type === 'api_key'
        ? (entry.actor.userId ?? null)
        : null;
  const actorApiKeyId = entry.actor.type === 'api_key' ? entry.actor.apiKeyId : null;
  const values: unknown[] = [
    entry.workspaceId,
    entry.actor.type,
    actorUserId,
    actorApiKeyId,
    entry.action,
    entry.resourceType ?? null,
    entry.resourceId ?? null,
    entry.summary ?? null,
    JSON.stringify(changes),
    JSON.stringify(entry.metadata ?? {}),
    entry.requestId ?? null,
    entry.retentionDays === undefined ? AUDIT_RETENTION_DAYS : entry.retentionDays,
  ];
  const $ = (i: number, type: string): string => `$${firstParam + i}::${type}`;
  // A SELECT, not VALUES, so a caller can make the entry conditional (`… FROM created`).
  return {
    text: `INSERT INTO audit_log_entries
       (workspace_id, actor_type, actor_user_id, actor_api_key_id, action, resource_type, resource_id,
        summary, changes, metadata, request_id, retention_expires_at)
     SELECT ${$(0, 'uuid')}, ${$(1, 'text')}, ${$(2, 'uuid')}, ${$(3, 'uuid')}, ${$(4, 'text')}, ${$(5, 'text')}, ${$(6, 'uuid')},
            ${$(7, 'text')}, ${$(8, 'jsonb')}, ${$(9, 'jsonb')}, ${$(10, 'text')}, now() + make_interval(days => ${$(11, 'int')})`,
    values,
  };
}

export const auditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  cursor: z
    .string()
    .regex(/^[0-9a-f-]{36}$/, 'must be a cursor from meta.next_cursor')
    .optional(),
  action: z.string().min(1).max(100).optional(),
  actor_user_id: z.uuid().optional(),
  resource_type: z.string().min(1).max(50).optional(),
  resource_id: z.uuid().optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

type AuditRow = RowOf<
  typeof auditLogEntries,
  | 'id'
  | 'actorType'
  | 'actorUserId'
  | 'actorApiKeyId'
  | 'action'
  | 'resourceType'
  | 'resourceId'
  | 'summary'
  | 'changes'
  | 'metadata'
  | 'requestId'
  | 'occurredAt'
> & {
  actor_email: string | null;
  /** The API key's name (kept after it is revoked), when a key made the change. */
  actor_api_key_name: string | null;
  /** What the resource is called now (a link's title or short address, a page's handle…), null once it is gone. */
  resource_name: string | null;
};

/** The entry's resource by its current name, looked up in the entry's own workspace only. */
const RESOURCE_NAME = `CASE a.resource_type
  WHEN 'link' THEN (SELECT coalesce(r.title, d.hostname || '/' || r.slug) FROM links r
                      JOIN custom_domains d ON d.id = r.domain_id
                     WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'qr_code' THEN (SELECT coalesce(r.title, d.hostname || '/' || r.slug) FROM qr_codes r
                         JOIN custom_domains d ON d.id = r.domain_id
                        WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'bio_page' THEN (SELECT '@' || r.handle FROM bio_pages r
                         WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'domain' THEN (SELECT r.hostname FROM custom_domains r
                       WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'webhook' THEN (SELECT r.url FROM webhook_endpoints r
                        WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'experiment' THEN (SELECT r.name FROM experiments r
                           WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'api_key' THEN (SELECT r.name FROM api_keys r
                        WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'invitation' THEN (SELECT r.email FROM workspace_invitations r
                           WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
  WHEN 'member' THEN (SELECT mu.email FROM workspace_members r JOIN users mu ON mu.id = r.user_id
                       WHERE r.id = a.resource_id AND r.workspace_id = a.workspace_id)
END`;

/**
 * Newest first, keyset-paginated on the UUIDv7 id (time-ordered), filterable by action (exact,
 * or a `domain.` prefix), actor, resource and time range.
 */
export async function listAudit(
  db: Queryable,
  workspaceId: string,
  q: AuditQuery,
): Promise<{ entries: AuditRow[]; nextCursor: string | null }> {
  const where: string[] = ['a.workspace_id = $1'];
  const values: unknown[] = [workspaceId];
  const add = (sql: string, value: unknown): void => {
    values.push(value);
    where.push(sql.replace('?', `$${values.length}`));
  };
  if (q.cursor) add('a.id < ?', q.cursor);
  if (q.action) {
    if (q.action.endsWith('.')) add("a.action LIKE ? || '%'", q.action);
    else add('a.action = ?', q.action);
  }
  if (q.actor_user_id) add('a.actor_user_id = ?', q.actor_user_id);
  if (q.resource_type) add('a.resource_type = ?', q.resource_type);
  if (q.resource_id) add('a.resource_id = ?', q.resource_id);
  if (q.from) add('a.occurred_at >= ?', q.from);
  if (q.to) add('a.occurred_at < ?', q.to);
  values.push(q.limit + 1);
  const found = await rows<AuditRow>(
    db,
    `SELECT a.id, a.actor_type, a.actor_user_id, a.actor_api_key_id, u.email AS actor_email,
            k.name AS actor_api_key_name, a.action,
            a.resource_type, a.resource_id, ${RESOURCE_NAME} AS resource_name,
            a.summary, a.changes, a.metadata, a.request_id, a.occurred_at
       FROM audit_log_entries a LEFT JOIN users u ON u.id = a.actor_user_id
       LEFT JOIN api_keys k ON k.id = a.actor_api_key_id AND k.workspace_id = a.workspace_id
      WHERE ${where.join(' AND ')}
      ORDER BY a.id DESC
      LIMIT $${values.length}`,
    values,
  );
  const page = found.slice(0, q.limit);
  const last = page[page.length - 1];
  return { entries: page, nextCursor: found.length > q.limit && last ? last.id : null };
}

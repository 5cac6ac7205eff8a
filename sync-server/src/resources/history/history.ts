import type { RowOf } from '@linkhub/shared/server/db/row';
import type { auditLogEntries } from '@linkhub/shared/server/db/schema/workspaces';
import type { Action } from '@linkhub/shared/permissions/matrix';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type {
  HistoryEntry,
  HistoryField,
  HistoryQuery,
  HistoryResourceType,
} from '@linkhub/shared/schemas/history';

/** The read action a resource's history is shown under: who may read the resource's versions. */
export const HISTORY_READ_ACTION: Readonly<Record<HistoryResourceType, Action>> = {
  link: 'link.view_versions',
  qr_code: 'qr_code.view_versions',
  bio_page: 'bio_page.view_versions',
  experiment: 'experiment.view',
  domain: 'domain.view',
  workspace: 'workspace.view',
};

type HistoryRow = RowOf<
  typeof auditLogEntries,
  'id' | 'action' | 'actorType' | 'occurredAt' | 'changes' | 'metadata'
> & {
  user_name: string | null;
  key_name: string | null;
};

/**
 * A resource's history from the audit log, newest first (keyset on the time-ordered id): every
 * change with its fields before and after, and a page's publishes among them. An entry past its
 * retention is not shown even before the purge removes it.
 */
export async function listHistory(
  db: Queryable,
  workspaceId: string,
  q: HistoryQuery,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const found = await rows<HistoryRow>(
    db,
    `SELECT a.id, a.action, a.actor_type, coalesce(nullif(u.name, ''), u.email) AS user_name,
            k.name AS key_name, a.occurred_at, a.changes, a.metadata
       FROM audit_log_entries a
       LEFT JOIN users u ON u.id = a.actor_user_id
       LEFT JOIN api_keys k ON k.id = a.actor_api_key_id AND k.workspace_id = a.workspace_id
      WHERE a.workspace_id = $1 AND a.resource_type = $2 AND a.resource_id = $3
        AND (a.retention_expires_at IS NULL OR a.retention_expires_at > now())
        AND ($4::uuid IS NULL OR a.id < $4::uuid)
      ORDER BY a.id DESC
      LIMIT $5`,
    [workspaceId, q.resource_type, q.resource_id, q.cursor ?? null, q.limit + 1],
  );
  const page = found.slice(0, q.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map(toEntry),
    nextCursor: found.length > q.limit && last ? last.id : null,
  };
}

function toEntry(r: HistoryRow): HistoryEntry {
  const metadata = record(r.metadata);
  return {
    id: r.id,
    kind: r.action.endsWith('.published') ? 'publish' : 'change',
    action: r.action,
    occurred_at: r.occurred_at.toISOString(),
    actor: {
      type: r.actor_type,
      name: r.actor_type === 'api_key' ? (r.key_name ?? r.user_name) : r.user_name,
    },
    device: typeof metadata.device === 'string' ? metadata.device : null,
    block_id: typeof metadata.block_id === 'string' ? metadata.block_id : null,
    fields: fieldsOf(r.changes),
  };
}

/** `changes` as fields: `{before: {f: …}, after: {f: …}}`, one row per field named on either side. */
export function fieldsOf(changes: unknown): HistoryField[] {
  const c = record(changes);
  const before = record(c.before);
  const after = record(c.after);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return names.map((field) => ({ field, before: json(before[field]), after: json(after[field]) }));
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

type Json = HistoryField['before'];

/** A stored jsonb value as JSON (a value the entry does not name is null). */
function json(value: unknown): Json {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value)) as Json;
}

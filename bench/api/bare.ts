import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type pg from 'pg';

/**
 * The baseline: bare Hono routes on the same database doing the same work by hand — a create is the
 * link row, its first link_versions snapshot and its audit_log_entries row in one transaction; a
 * list is one select of the same 25 rows. No auth, no rate limit, no commands, no cache.
 */
export function bareApp(pool: pg.Pool, ctx: { workspaceId: string; userId: string; domainId: string }): Hono {
  const app = new Hono();
  app.post('/v1/links', async (c) => {
    const body = (await c.req.json()) as { destination_url: string; title?: string; tags?: string[] };
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const slug = randomBytes(5).toString('hex');
      const link = await client.query<{ id: string }>(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url, title, tags, utm, created_by_user_id, updated_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, '{}', $7, $7) RETURNING *`,
        [
          ctx.workspaceId,
          ctx.domainId,
          slug,
          body.destination_url,
          body.title ?? null,
          body.tags ?? [],
          ctx.userId,
        ],
      );
      const row = link.rows[0];
      if (!row) throw new Error('no row');
      await client.query(
        `INSERT INTO link_versions (link_id, workspace_id, version, snapshot, change_summary, created_by_user_id)
         SELECT s.id, s.workspace_id, s.current_version, to_jsonb(s), 'created', $2 FROM links s WHERE s.id = $1`,
        [row.id, ctx.userId],
      );
      await client.query(
        `INSERT INTO audit_log_entries (workspace_id, actor_type, actor_user_id, action, resource_type, resource_id, changes, metadata, retention_expires_at)
         VALUES ($1, 'user', $2, 'link.created', 'link', $3, $4, '{}', now() + interval '730 days')`,
        [
          ctx.workspaceId,
          ctx.userId,
          row.id,
          JSON.stringify({ after: { slug, destination_url: body.destination_url } }),
        ],
      );
      await client.query('COMMIT');
      return c.json({ data: row, meta: {} }, 201);
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  });
  app.get('/v1/links', async (c) => {
    const { rows } = await pool.query(
      `SELECT l.*, d.hostname FROM links l JOIN custom_domains d ON d.id = l.domain_id
        WHERE l.workspace_id = $1 AND l.deleted_at IS NULL ORDER BY l.created_at DESC, l.id DESC LIMIT 25`,
      [ctx.workspaceId],
    );
    return c.json({ data: rows, meta: { next_cursor: null } });
  });
  return app;
}

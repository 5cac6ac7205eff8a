import { one, type Queryable } from '@linkhub/shared/server/db/sql';

export type Host = { id: string; hostname: string };

/**
 * The system hosts' rows, remembered once found: they are never deleted (a trigger protects them),
 * so a create need not look its host up again. One per command runner (per database).
 */
export class SystemHosts {
  private readonly known = new Map<string, Host>();

  async find(db: Queryable, hostname: string): Promise<Host | undefined> {
    const cached = this.known.get(hostname);
    if (cached) return cached;
    const host = await one<Host>(
      db,
      'SELECT id, hostname FROM custom_domains WHERE is_system AND hostname = $1 AND deleted_at IS NULL',
      [hostname],
    );
    if (host) this.known.set(hostname, host);
    return host;
  }
}

import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from './client';
import { customDomains, type DomainPurpose } from './schema';

export const DEFAULT_LINK_HOST = 'lnk.localhost';
export const DEFAULT_BIO_HOST = 'bio.localhost';

export type SystemHosts = { linkHost?: string; bioHost?: string };

/**
 * A scalar subquery (SQL) for the host a custom domain may CNAME to: the system link host, or the
 * one system host when links and bio pages share it. Every reader of a domain's row selects this.
 */
export const CNAME_TARGET_SQL = `(SELECT s.hostname FROM custom_domains s WHERE s.is_system AND s.purpose <> 'bio' AND s.deleted_at IS NULL
         ORDER BY s.purpose = 'links' DESC, s.created_at LIMIT 1)`;
export type SystemDomainIds = { linkDomainId: string; bioDomainId: string };

/**
 * Idempotently makes sure the system host rows exist (workspace_id NULL, is_system true, verified) and
 * returns their ids. A host that used to be a system host stays a row forever (printed QR codes on it keep
 * resolving); a host already taken by a workspace's custom domain is an error.
 */
export async function ensureSystemDomains(db: DbExecutor, hosts: SystemHosts = {}): Promise<SystemDomainIds> {
  const linkHost = (hosts.linkHost ?? DEFAULT_LINK_HOST).trim().toLowerCase();
  const bioHost = (hosts.bioHost ?? DEFAULT_BIO_HOST).trim().toLowerCase();
  if (linkHost === bioHost) {
    const id = await ensureOne(db, linkHost, 'all');
    return { linkDomainId: id, bioDomainId: id };
  }
  return {
    linkDomainId: await ensureOne(db, linkHost, 'links'),
    bioDomainId: await ensureOne(db, bioHost, 'bio'),
  };
}

async function ensureOne(db: DbExecutor, hostname: string, purpose: DomainPurpose): Promise<string> {
  // A workspace's live claim (verified or still pending) on the host is an operator's mistake to fix first.
  const [claimed] = await db
    .select({ id: customDomains.id })
    .from(customDomains)
    .where(
      and(
        eq(customDomains.hostname, hostname),
        isNull(customDomains.deletedAt),
        eq(customDomains.isSystem, false),
      ),
    );
  if (claimed) throw new Error(`ensureSystemDomains: ${hostname} is already a workspace's custom domain`);
  await db
    .insert(customDomains)
    .values({
      hostname,
      workspaceId: null,
      isSystem: true,
      purpose,
      status: 'verified',
      verificationMethod: 'system',
      verifiedAt: new Date(),
      tlsStatus: 'not_required',
    })
    // The unique index holds only live verified rows (D-490); the predicate is spelled as it is there.
    .onConflictDoNothing({
      target: customDomains.hostname,
      where: sql`${customDomains.deletedAt} IS NULL AND ${customDomains.status} = 'verified'`,
    });
  const [row] = await db
    .select({ id: customDomains.id, isSystem: customDomains.isSystem, purpose: customDomains.purpose })
    .from(customDomains)
    .where(
      and(
        eq(customDomains.hostname, hostname),
        isNull(customDomains.deletedAt),
        eq(customDomains.status, 'verified'),
      ),
    );
  if (!row) throw new Error(`ensureSystemDomains: could not create the system host ${hostname}`);
  if (!row.isSystem)
    throw new Error(`ensureSystemDomains: ${hostname} is already a workspace's custom domain`);
  if (row.purpose !== purpose && row.purpose !== 'all') {
    await db.update(customDomains).set({ purpose: 'all' }).where(eq(customDomains.id, row.id));
  }
  return row.id;
}

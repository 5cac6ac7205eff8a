/**
 * Several workspaces may hold a pending claim on one host; the first to prove it wins and the others
 * are closed as `lost` (D-490). Adding a claim and settling a check both take this per-host lock
 * (a transaction-scoped advisory lock), so a claim added while another verifies is either refused or
 * closed, never left pending behind a winner.
 */
type Sql = { query(text: string, values?: unknown[]): Promise<unknown> };

export async function lockHostClaims(tx: Sql, hostname: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended('custom_domains.hostname:' || $1, 0))", [
    hostname,
  ]);
}

/** Why a claim is `lost`, as the editor and the API show it (`last_error`). */
export const lostClaimMessage = (hostname: string): string =>
  `Another workspace proved it controls ${hostname} first, so this claim was closed. Remove it, or ask that workspace to remove the domain.`;

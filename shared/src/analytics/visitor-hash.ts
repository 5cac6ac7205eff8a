import { createHash } from 'node:crypto';

/**
 * Visitor hash = first 16 bytes of SHA-256(daily salt ‖ workspace_id ‖ ip ‖ user agent), as hex
 * (DESIGN §7). Fields are separated by a NUL byte so no two inputs concatenate alike. The same
 * visitor gets a different hash each UTC day and in each workspace.
 */
export function visitorHash(salt: Buffer, workspaceId: string, ip: string, userAgent: string): string {
  return createHash('sha256').update(salt).update(workspaceId).update('\0').update(ip).update('\0').update(userAgent).digest('hex').slice(0, 32);
}

/** ua_hash = first 16 bytes of SHA-256(daily salt ‖ user agent), hex: clusters bot signatures, links no person. */
export function uaHash(salt: Buffer, userAgent: string): string {
  return createHash('sha256').update(salt).update('\0ua\0').update(userAgent).digest('hex').slice(0, 32);
}

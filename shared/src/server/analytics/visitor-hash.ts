import { hash } from 'node:crypto';

/**
 * Visitor hash = first 16 bytes of SHA-256(daily salt ‖ workspace_id ‖ ip ‖ user agent), as hex
 * (docs/product-rules.md#analytics). Fields are separated by a NUL byte so no two inputs concatenate alike. The same
 * visitor gets a different hash each UTC day and in each workspace.
 *
 * One `crypto.hash` call per visit (no Hash object): the input is laid out in a scratch buffer that
 * keeps `salt ‖ workspace_id ‖ NUL` from the previous call with the same salt and workspace, and the
 * IP and User-Agent bytes are zeroed right after hashing, so they never outlive the call. Strings
 * are UTF-8 encoded, exactly as `Hash.update(string)` does.
 */
let scratch = Buffer.alloc(2048);
/** What `scratch[0, prefixLength)` holds: `salt ‖ workspace ‖ NUL` of these two (null: nothing). */
let prefixSalt: Buffer | null = null;
let prefixWorkspace = '';
let prefixLength = 0;

function hashTail(salt: Buffer, lead: string, tail: string): string {
  if (salt !== prefixSalt || lead !== prefixWorkspace) {
    const need = salt.length + Buffer.byteLength(lead) + 1;
    if (need > scratch.length) scratch = Buffer.alloc(need * 2);
    salt.copy(scratch, 0);
    const n = salt.length + scratch.write(lead, salt.length);
    scratch[n] = 0;
    prefixLength = n + 1;
    prefixSalt = salt;
    prefixWorkspace = lead;
  }
  // UTF-8 takes at most 3 bytes per UTF-16 code unit.
  if (prefixLength + tail.length * 3 > scratch.length) {
    const bigger = Buffer.alloc((prefixLength + tail.length * 3) * 2);
    scratch.copy(bigger, 0, 0, prefixLength);
    scratch = bigger;
  }
  const end = prefixLength + scratch.write(tail, prefixLength);
  const digest = hash('sha256', scratch.subarray(0, end), 'hex');
  scratch.fill(0, prefixLength, end);
  return digest.slice(0, 32);
}

export function visitorHash(salt: Buffer, workspaceId: string, ip: string, userAgent: string): string {
  return hashTail(salt, workspaceId, `${ip}\0${userAgent}`);
}

/** ua_hash = first 16 bytes of SHA-256(daily salt ‖ user agent), hex: clusters bot signatures, links no person. */
export function uaHash(salt: Buffer, userAgent: string): string {
  // salt ‖ "\0ua\0" ‖ ua: the same bytes with an empty lead (salt ‖ "" ‖ NUL) and the tail "ua\0" ‖ ua.
  return hashTail(salt, '', `ua\0${userAgent}`);
}

/**
 * ip_hash = first 16 bytes of SHA-256(daily salt ‖ "ip" ‖ ip), hex: what a per-network rate limit
 * (the sign-up form's) keys by, so the limit never holds a raw address and means nothing tomorrow.
 */
export function ipHash(salt: Buffer, ip: string): string {
  return hashTail(salt, '', `ip\0${ip}`);
}

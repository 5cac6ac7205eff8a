import { randomBytes } from 'node:crypto';

/** A request id as every service writes it (`req_` and 16 base64url characters): in logs, headers and error envelopes. */
export function newRequestId(): string {
  return `req_${randomBytes(12).toString('base64url')}`;
}

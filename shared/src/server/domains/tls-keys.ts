import { createSecretBox, type SecretBox } from '../crypto/secret-box';

/**
 * Certificates and ACME account keys are sealed with a key derived from the application key
 * (AUTH_SECRET) under its own label, so the worker (which writes them) and the edge (which serves
 * them) share one secret without sharing the key of any other sealed value.
 */
export function certificateBox(authSecret: string): SecretBox {
  return createSecretBox(`tls-certificates:${authSecret}`);
}

/**
 * Redis pub/sub channel on which the worker names a host whose certificate changed (issued,
 * renewed, revoked); every edge drops its copy and loads the new one at the next handshake.
 */
export function tlsChangedChannel(prefix: string): string {
  return `${prefix}tls:changed`;
}

/**
 * The Content-Security-Policy of every HTML document served by the app protocol. Scripts, styles,
 * fonts and workers come only from the app itself; the network is the sync server only.
 */
export function contentSecurityPolicy(syncOrigin: string): string {
  const origin = new URL(syncOrigin).origin;
  return [
    "default-src 'none'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    `img-src 'self' data: blob: ${origin}`,
    "font-src 'self'",
    `connect-src 'self' ${origin}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

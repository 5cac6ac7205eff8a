/**
 * The security headers of the editor the sync-server serves from `pwa/dist` (D-495). The build has
 * no inline script (one module entry and its chunks, the service worker, the manifest), so scripts
 * come from this origin only. Inline styles stay allowed: the page preview is a sandboxed `srcdoc`
 * frame, which inherits this policy, and the bio page it shows carries its own `<style>`. Images may
 * come from https anywhere (avatars, link previews), `data:`/`blob:` (QR previews) and the edge.
 */
export function editorContentSecurityPolicy(edgeUrl: string | null): string {
  const edge = edgeUrl === null ? '' : ` ${new URL(edgeUrl).origin}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${edge}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** On every file of the editor; the policy itself on the HTML shell (`editorShellHeaders`). */
export const EDITOR_FILE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const;

export function editorShellHeaders(edgeUrl: string | null): Record<string, string> {
  return {
    ...EDITOR_FILE_HEADERS,
    'Content-Security-Policy': editorContentSecurityPolicy(edgeUrl),
    'X-Frame-Options': 'DENY',
    'Cache-Control': 'no-cache',
  };
}

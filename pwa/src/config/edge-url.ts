import { EDGE_URL_META } from '@linkhub/shared/url/public-address';

/** The edge's public URL sync-server (or the Vite dev server) put into index.html; null when absent. */
export function edgeUrlFromPage(
  doc: Pick<Document, 'querySelector'> | undefined = globalThis.document,
): string | null {
  const content = doc?.querySelector(`meta[name="${EDGE_URL_META}"]`)?.getAttribute('content');
  return content ? content : null;
}

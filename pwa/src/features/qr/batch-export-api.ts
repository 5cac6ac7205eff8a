import {
  qrBatchExportViewSchema,
  type QrBatchExportInput,
  type QrBatchExportView,
} from '@linkhub/shared/schemas/qr-exports';
import { api } from '../../api/api';
import { platform } from '../../platform/bridge';

const base = (workspaceId: string) => `/api/workspaces/${workspaceId}/qr-exports`;

export async function startBatchExport(
  workspaceId: string,
  input: QrBatchExportInput,
): Promise<QrBatchExportView> {
  return qrBatchExportViewSchema.parse(await api<unknown>(base(workspaceId), { body: input }));
}

export async function readBatchExport(workspaceId: string, id: string): Promise<QrBatchExportView> {
  return qrBatchExportViewSchema.parse(await api<unknown>(`${base(workspaceId)}/${id}`));
}

/** Fetches the finished ZIP with the session and saves it through the bridge (dialog on desktop, download in a browser). */
export async function saveBatchZip(job: QrBatchExportView): Promise<string> {
  if (job.download_url === null) return 'The export is not ready.';
  const token = await platform().secureToken.get();
  const response = await fetch(job.download_url, {
    credentials: 'same-origin',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  }).catch(() => null);
  if (!response) return 'No connection: the ZIP downloads once you are online.';
  if (!response.ok) return `The download failed (${response.status}).`;
  const name = `qr-codes-${job.created_at.slice(0, 10)}-${job.id.slice(-8)}.zip`;
  const result = await platform().saveFile({
    suggestedName: name,
    mime: 'application/zip',
    bytes: new Uint8Array(await response.arrayBuffer()),
  });
  return result.saved ? `Saved ${name}${result.path ? ` to ${result.path}` : ''}.` : 'Download cancelled.';
}

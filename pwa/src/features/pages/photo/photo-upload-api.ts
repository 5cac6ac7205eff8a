import { assetSchema, type Asset } from '@linkhub/shared/schemas/assets';
import type { PhotoKind } from '@linkhub/shared/photos/responsive-image';
import { platform } from '../../../platform/bridge';
import { ApiError, apiErrorOf } from '../../../api/api';

async function authHeaders(): Promise<Record<string, string>> {
  const token = await platform().secureToken.get();
  return token ? { authorization: `Bearer ${token}` } : {};
}

/**
 * Sends a picked file to `POST /v1/assets?kind=…` as the multipart form a file input makes; the
 * server decodes, strips and re-encodes it (D-585). Needs a connection: the bytes are never queued.
 */
export async function uploadPhoto(file: File, kind: PhotoKind, workspaceId: string): Promise<Asset> {
  const form = new FormData();
  form.set('file', file);
  const query = new URLSearchParams({ kind, workspace_id: workspaceId });
  let response: Response;
  try {
    response = await fetch(`/v1/assets?${query.toString()}`, {
      method: 'POST',
      headers: { ...(await authHeaders()), accept: 'application/json' },
      credentials: 'same-origin',
      body: form,
    });
  } catch {
    throw new ApiError(0, 'network_error', 'No connection to the server. Try again when you are online.', []);
  }
  if (!response.ok) throw await apiErrorOf(response);
  const body: unknown = await response.json();
  const parsed = assetSchema.safeParse((body as { data?: unknown }).data);
  if (!parsed.success) throw new ApiError(response.status, 'http_error', 'The server answered oddly.', []);
  return parsed.data;
}

/** The stored photo as an object URL for the editor (the editor's session may be a bearer token, so no plain `<img src>`). */
export async function photoObjectUrl(assetId: string, workspaceId: string): Promise<string | null> {
  const query = new URLSearchParams({ workspace_id: workspaceId });
  try {
    const response = await fetch(`/v1/assets/${encodeURIComponent(assetId)}/content?${query.toString()}`, {
      headers: await authHeaders(),
      credentials: 'same-origin',
    });
    return response.ok ? URL.createObjectURL(await response.blob()) : null;
  } catch {
    return null;
  }
}

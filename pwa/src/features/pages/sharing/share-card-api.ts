import { platform } from '../../../platform/bridge';

/**
 * The card the page's draft would publish (D-600), drawn by the server now, as an object URL for
 * the editor (the session may be a bearer token, so no plain `<img src>`). Null offline or refused.
 */
export async function generatedCardUrl(workspaceId: string, pageId: string): Promise<string | null> {
  const token = await platform().secureToken.get();
  try {
    const response = await fetch(
      `/api/workspaces/${encodeURIComponent(workspaceId)}/pages/${encodeURIComponent(pageId)}/share-card`,
      { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' },
    );
    return response.ok ? URL.createObjectURL(await response.blob()) : null;
  } catch {
    return null;
  }
}

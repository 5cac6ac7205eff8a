import { utmPresetSchema, type UtmPreset } from '@linkhub/shared/schemas/utm-presets';
import { z } from 'zod';
import { api } from '../../../api/api';

/** The workspace's UTM presets (D-623), by name; read online (not synced), the last list kept for offline use. */
export async function listUtmPresets(workspaceId: string): Promise<UtmPreset[]> {
  return z.array(utmPresetSchema).parse(await api<unknown>(`/v1/utm-presets?workspace_id=${workspaceId}`));
}

export async function saveUtmPreset(
  workspaceId: string,
  preset: { id?: string; name: string; utm: Record<string, string> },
): Promise<UtmPreset> {
  const body = { workspace_id: workspaceId, name: preset.name, utm: preset.utm };
  return utmPresetSchema.parse(
    preset.id === undefined
      ? await api<unknown>('/v1/utm-presets', { body })
      : await api<unknown>(`/v1/utm-presets/${preset.id}`, { method: 'PATCH', body }),
  );
}

export async function deleteUtmPreset(workspaceId: string, id: string): Promise<void> {
  await api<unknown>(`/v1/utm-presets/${id}?workspace_id=${workspaceId}`, { method: 'DELETE' });
}

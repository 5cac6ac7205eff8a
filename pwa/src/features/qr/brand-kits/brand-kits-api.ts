import { brandKitSchema, type BrandKit } from '@linkhub/shared/schemas/brand-kits';
import { designToApi } from '@linkhub/shared/schemas/qr-design';
import { z } from 'zod';
import { api } from '../../../api/api';

/** The workspace's brand kits (D-577), by name; read online only (they are not synced). */
export async function listBrandKits(workspaceId: string): Promise<BrandKit[]> {
  return z.array(brandKitSchema).parse(await api<unknown>(`/v1/brand-kits?workspace_id=${workspaceId}`));
}

/** Saves a code's stored design as a new brand kit. */
export async function saveDesignAsBrandKit(
  workspaceId: string,
  name: string,
  storedDesign: unknown,
): Promise<BrandKit> {
  return brandKitSchema.parse(
    await api<unknown>('/v1/brand-kits', {
      body: { workspace_id: workspaceId, name, design: designToApi(storedDesign) },
    }),
  );
}

export async function deleteBrandKit(workspaceId: string, id: string): Promise<void> {
  await api<unknown>(`/v1/brand-kits/${id}?workspace_id=${workspaceId}`, { method: 'DELETE' });
}

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

/**
 * A real camera photo, large and detailed (4224×3168 JPEG, 1.5 MB, leaves and a dragonfly): Debian's
 * `lomiri-wallpapers-16.04` ships it (CC BY-SA, listed in .ci/apt-packages.txt). Foliage is the hard
 * case for a byte budget: fine detail that survives the downscale to an avatar.
 */
export const REAL_PHOTO = '/usr/share/backgrounds/Dragonfly_by_Bolly.jpg';

export async function realPhoto(): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  if (!existsSync(REAL_PHOTO))
    throw new Error(`${REAL_PHOTO} is missing: install lomiri-wallpapers-16.04 (see .ci/apt-packages.txt)`);
  return { name: 'IMG_4021.jpg', mimeType: 'image/jpeg', buffer: await readFile(REAL_PHOTO) };
}

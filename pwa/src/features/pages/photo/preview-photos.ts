import { useEffect, useState } from 'react';
import { platform } from '../../../platform/bridge';

/**
 * The uploaded photos of the editor's preview (D-611). The preview is a sandboxed `srcdoc` frame with
 * an opaque origin: it cannot send the session, and the edge's `/_img/…` answers only its own site
 * (`Cross-Origin-Resource-Policy`). So the editor reads each photo once through
 * `GET /v1/assets/{id}/content`, shrinks it to what a phone-wide preview draws, keeps it in Cache
 * Storage (so an offline editor still shows it) and hands the frame a `data:` URL (the editor's CSP
 * allows `img-src data:`).
 */
const CACHE_NAME = 'linkhub-preview-photos-v1';
/** Wide enough for the preview column at 3x on a phone (the avatar is drawn at 96 px). */
const PREVIEW_WIDTH = 720;

/** A photo as the preview has it: a `data:` URL, `missing` (offline and never seen here) or still loading. */
export type PreviewPhoto = { state: 'ready'; url: string } | { state: 'missing' } | { state: 'loading' };

const memory = new Map<string, string>();

/**
 * The path the preview's snapshot names a photo by: `/_img/` plus the asset id's 32 hex digits, so it
 * passes the snapshot's photo path check and is swapped for the photo itself after rendering.
 */
export function previewPhotoPath(assetId: string): string {
  return `/_img/${assetId.replace(/-/g, '').toLowerCase()}.jpg`;
}

/** A plain box while the photo is on its way. */
export const PHOTO_LOADING = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480"><rect width="480" height="480" fill="#e5e7eb"/></svg>',
)}`;

/** A neutral box saying where the photo goes, for a photo this device cannot show now. */
export const PHOTO_PLACEHOLDER = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">' +
    '<rect width="480" height="480" fill="#e5e7eb"/>' +
    '<text x="240" y="232" font-family="system-ui,sans-serif" font-size="36" text-anchor="middle" fill="#374151">Photo</text>' +
    '<text x="240" y="280" font-family="system-ui,sans-serif" font-size="26" text-anchor="middle" fill="#374151">shown when online</text>' +
    '</svg>',
)}`;

function cacheKey(assetId: string): string {
  return `/preview-photo/${encodeURIComponent(assetId)}`;
}

async function photoCache(): Promise<Cache | null> {
  try {
    return typeof caches === 'undefined' ? null : await caches.open(CACHE_NAME);
  } catch {
    return null;
  }
}

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unread'));
    reader.onerror = () => reject(reader.error ?? new Error('unread'));
    reader.readAsDataURL(blob);
  });
}

/** The photo at most `PREVIEW_WIDTH` wide as WebP, or as it came where the browser cannot redraw it. */
async function shrunk(blob: Blob): Promise<Blob> {
  if (typeof createImageBitmap !== 'function' || typeof OffscreenCanvas === 'undefined') return blob;
  try {
    const bitmap = await createImageBitmap(blob);
    if (bitmap.width <= PREVIEW_WIDTH) {
      bitmap.close();
      return blob;
    }
    const height = Math.max(1, Math.round((bitmap.height * PREVIEW_WIDTH) / bitmap.width));
    const canvas = new OffscreenCanvas(PREVIEW_WIDTH, height);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, PREVIEW_WIDTH, height);
    bitmap.close();
    return await canvas.convertToBlob({ type: 'image/webp', quality: 0.8 });
  } catch {
    return blob;
  }
}

async function fetched(assetId: string, workspaceId: string): Promise<Blob | null> {
  const token = await platform().secureToken.get();
  const query = new URLSearchParams({ workspace_id: workspaceId });
  try {
    const response = await fetch(`/v1/assets/${encodeURIComponent(assetId)}/content?${query.toString()}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
    return response.ok ? await shrunk(await response.blob()) : null;
  } catch {
    return null;
  }
}

/** The photo's `data:` URL: from memory, then this device's cache, then the server (and cached). */
async function loadPhoto(assetId: string, workspaceId: string): Promise<string | null> {
  const known = memory.get(assetId);
  if (known !== undefined) return known;
  const cache = await photoCache();
  const cached = await cache?.match(cacheKey(assetId));
  let blob = cached === undefined ? null : await cached.blob();
  if (blob === null) {
    blob = await fetched(assetId, workspaceId);
    if (blob !== null)
      await cache
        ?.put(cacheKey(assetId), new Response(blob, { headers: { 'content-type': blob.type } }))
        .catch(() => undefined);
  }
  if (blob === null) return null;
  const url = await dataUrlOf(blob);
  memory.set(assetId, url);
  return url;
}

/** Each asset id's photo for the preview, loaded as the ids appear; a photo once seen stays offline. */
export function usePreviewPhotos(
  assetIds: readonly string[],
  workspaceId: string,
): ReadonlyMap<string, PreviewPhoto> {
  const [photos, setPhotos] = useState<ReadonlyMap<string, PreviewPhoto>>(new Map());
  /** Bumped when the device comes back online: photos it could not load are asked for again. */
  const [online, setOnline] = useState(0);
  const key = [...new Set(assetIds)].sort().join(',');
  useEffect(() => {
    const again = () => setOnline((n) => n + 1);
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, []);
  useEffect(() => {
    const ids = key === '' ? [] : key.split(',');
    let cancelled = false;
    setPhotos((before) => {
      const next = new Map<string, PreviewPhoto>();
      for (const id of ids) {
        const url = memory.get(id);
        next.set(id, url !== undefined ? { state: 'ready', url } : (before.get(id) ?? { state: 'loading' }));
      }
      return next;
    });
    for (const id of ids) {
      if (memory.has(id)) continue;
      void loadPhoto(id, workspaceId).then((url) => {
        if (cancelled) return;
        setPhotos((before) => {
          const next = new Map(before);
          next.set(id, url === null ? { state: 'missing' } : { state: 'ready', url });
          return next;
        });
      });
    }
    return () => {
      cancelled = true;
    };
  }, [key, workspaceId, online]);
  return photos;
}

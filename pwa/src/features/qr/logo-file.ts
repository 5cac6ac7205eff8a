/** Logos travel inside the design (synced to every device and checked on save): keep them small. */
export const MAX_LOGO_BYTES = 64 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;

const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Why a chosen file cannot be the logo, or null when it can. */
export function logoFileProblem(file: { size: number; type: string }): string | null {
  if (!LOGO_TYPES.some((t) => t === file.type)) return 'The logo must be a PNG, JPEG or SVG image.';
  if (file.size > MAX_LOGO_BYTES)
    return `This logo is ${kb(file.size)}; logos can be at most ${kb(MAX_LOGO_BYTES)}. Export a smaller PNG or an SVG.`;
  return null;
}

/** The file as a `data:<type>;base64,…` URL (the `data_url` logo source of the design). */
export async function logoDataUrl(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return `data:${file.type};base64,${btoa(binary)}`;
}

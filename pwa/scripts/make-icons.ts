/** Writes the PWA's PNG icons (192, 512, maskable 512) into pwa/public/icons with sharp. Run: npx tsx pwa/scripts/make-icons.ts */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

function svg(size: number, padding: number): string {
  const inner = size - padding * 2;
  const r = inner * 0.22;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" fill="#1e293b"/>
<rect x="${padding}" y="${padding}" width="${inner}" height="${inner}" rx="${r}" fill="#4338ca"/>
<text x="50%" y="54%" text-anchor="middle" dominant-baseline="middle" font-family="sans-serif" font-weight="700" font-size="${inner * 0.5}" fill="#ffffff">L</text>
</svg>`;
}

await mkdir(OUT, { recursive: true });
for (const [name, size, padding] of [
  ['icon-192.png', 192, 16],
  ['icon-512.png', 512, 40],
  ['icon-maskable-512.png', 512, 100],
] as const) {
  await writeFile(
    OUT + name,
    await sharp(Buffer.from(svg(size, padding)))
      .png()
      .toBuffer(),
  );
}

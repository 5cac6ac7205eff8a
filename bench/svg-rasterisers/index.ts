/**
 * `npm run bench -- svg-rasterisers`: the two SVG rasterisers side by side (D-540). sharp (libvips +
 * librsvg) draws our own QR scenes and decodes and encodes every raster; resvg draws SVG a user gave.
 * Same SVGs, rounds alternating: median ms per render, what each draws of a logo's `<text>` (dark
 * pixels: librsvg takes the host's fonts, resvg with system fonts off draws none), and installed size.
 *
 *   npx tsx bench/svg-rasterisers/index.ts [--rounds 5] [--renders 20]
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { qrDesignSchema } from '@linkhub/shared/qr/design';
import { loadLabelOutlines } from '@linkhub/shared/qr/label/outlines';
import { prepareQr } from '@linkhub/shared/qr/prepare';
import { sceneToSvg } from '@linkhub/shared/qr/render/svg';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const RENDERS = arg('renders', 20);

/** Draws `svg` `widthPx` wide; `intrinsicWidth` is its width in px at 72 DPI (sharp draws vectors at a density). */
type Rasteriser = (svg: string, widthPx: number, intrinsicWidth: number) => Promise<Buffer>;

const withSharp: Rasteriser = async (svg, widthPx, intrinsicWidth) =>
  sharp(Buffer.from(svg), { density: (72 * widthPx) / intrinsicWidth })
    .png()
    .toBuffer();

const withResvg: Rasteriser = async (svg, widthPx) =>
  Buffer.from(
    new Resvg(svg, { font: { loadSystemFonts: false }, fitTo: { mode: 'width', value: widthPx } })
      .render()
      .asPng(),
  );

const intrinsicWidthOf = async (svg: string): Promise<number> =>
  (await sharp(Buffer.from(svg)).metadata()).width ?? 1;

const RASTERISERS: ReadonlyArray<readonly [string, Rasteriser]> = [
  ['sharp (librsvg)', withSharp],
  ['resvg', withResvg],
];

async function darkPixels(png: Buffer): Promise<number> {
  const { data } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let dark = 0;
  for (const value of data) if (value < 128) dark += 1;
  return dark;
}

function installedBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? installedBytes(full) : statSync(full).size;
  }
  return total;
}

const styled = qrDesignSchema.parse({
  fgColor: '#1a3d7c',
  moduleShape: 'rounded',
  finderStyle: 'rounded',
  frame: { label: 'SCAN ME' },
});
// The QR scene as the PNG renderer draws it: 30 mm at 600 DPI, whole pixels a module (709 px wide at most).
const { scene, logo } = prepareQr('https://lnk.localhost/bench-raster', styled, undefined);
const pxPerModule = Math.floor(709 / scene.width);
const qrWidthPx = pxPerModule * scene.width;
const qrSvg = sceneToSvg(
  scene,
  logo,
  { width: String(qrWidthPx), height: String(pxPerModule * scene.height) },
  await loadLabelOutlines(),
);
const logoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><defs><linearGradient id="g"><stop offset="0" stop-color="#1a3d7c"/><stop offset="1" stop-color="#3b82f6"/></linearGradient></defs><circle cx="50" cy="50" r="44" fill="url(#g)"/><path d="M30 50h40M50 30v40" stroke="#fff" stroke-width="8"/></svg>';
const textLogoSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 60"><rect width="200" height="60" fill="#fff"/><text x="10" y="45" font-family="sans-serif" font-size="40" fill="#000">ACME</text></svg>';

const CASES: ReadonlyArray<{ readonly name: string; readonly svg: string; readonly widthPx: number }> = [
  { name: `QR scene, 30 mm at 600 DPI (${qrWidthPx} px)`, svg: qrSvg, widthPx: qrWidthPx },
  { name: 'logo SVG at 1024 px', svg: logoSvg, widthPx: 1024 },
];

const widths = new Map<string, number>();
for (const testCase of CASES) widths.set(testCase.name, await intrinsicWidthOf(testCase.svg));
const timings = new Map<string, number[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  const order = round % 2 === 0 ? RASTERISERS : [...RASTERISERS].reverse();
  for (const testCase of CASES) {
    for (const [name, rasterise] of order) {
      const started = performance.now();
      for (let i = 0; i < RENDERS; i += 1)
        await rasterise(testCase.svg, testCase.widthPx, widths.get(testCase.name) ?? 1);
      const key = `${testCase.name}|${name}`;
      timings.set(key, [...(timings.get(key) ?? []), (performance.now() - started) / RENDERS]);
    }
  }
}

console.log(
  `\nSVG rasterisers: median ms per render over ${ROUNDS} rounds of ${RENDERS} (rounds alternate the order)\n`,
);
console.log('| SVG | sharp (librsvg) ms | resvg ms | resvg / sharp |');
console.log('| --- | ---: | ---: | ---: |');
for (const testCase of CASES) {
  const sharpMs = median(timings.get(`${testCase.name}|sharp (librsvg)`) ?? []);
  const resvgMs = median(timings.get(`${testCase.name}|resvg`) ?? []);
  console.log(
    `| ${testCase.name} | ${sharpMs.toFixed(2)} | ${resvgMs.toFixed(2)} | ${(resvgMs / sharpMs).toFixed(2)} |`,
  );
}

const [sharpText, resvgText] = await Promise.all(
  RASTERISERS.map(async ([, rasterise]) => rasterise(textLogoSvg, 400, await intrinsicWidthOf(textLogoSvg))),
);
console.log(
  `\nA logo's <text> "ACME" at 400 px, dark pixels: sharp (librsvg) ${await darkPixels(sharpText ?? Buffer.alloc(0))}, resvg ${await darkPixels(resvgText ?? Buffer.alloc(0))}`,
);

const root = path.resolve(import.meta.dirname, '../../node_modules');
const mb = (dirs: string[]) =>
  (dirs.reduce((sum, dir) => sum + installedBytes(path.join(root, dir)), 0) / 1e6).toFixed(1);
console.log(`Installed: sharp + libvips ${mb(['sharp', '@img'])} MB, resvg ${mb(['@resvg'])} MB`);

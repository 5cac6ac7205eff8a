import type { RgbaImage } from './decode';

/** A separable Gaussian blur of an RGBA image (edges clamped): the "slightly out of focus" camera. */
export function gaussianBlur(image: RgbaImage, sigma: number): RgbaImage {
  const radius = Math.max(1, Math.ceil(sigma * 3));
  const weights: number[] = [];
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const w = Math.exp(-(i * i) / (2 * sigma * sigma));
    weights.push(w);
    sum += w;
  }
  const kernel = weights.map((w) => w / sum);
  const { width, height } = image;
  const pass = (src: Uint8ClampedArray, horizontal: boolean): Uint8ClampedArray => {
    const out = new Uint8ClampedArray(src.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        let a = 0;
        for (let k = -radius; k <= radius; k++) {
          const sx = horizontal ? Math.min(width - 1, Math.max(0, x + k)) : x;
          const sy = horizontal ? y : Math.min(height - 1, Math.max(0, y + k));
          const w = kernel[k + radius] ?? 0;
          const i = (sy * width + sx) * 4;
          r += (src[i] ?? 0) * w;
          g += (src[i + 1] ?? 0) * w;
          b += (src[i + 2] ?? 0) * w;
          a += (src[i + 3] ?? 0) * w;
        }
        const o = (y * width + x) * 4;
        out[o] = r;
        out[o + 1] = g;
        out[o + 2] = b;
        out[o + 3] = a;
      }
    }
    return out;
  };
  return { data: pass(pass(image.data, true), false), width, height };
}

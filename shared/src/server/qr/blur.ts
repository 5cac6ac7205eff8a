import type { RgbaImage } from './decode';

/**
 * A separable Gaussian blur (edges clamped) on the image's luminance: the "slightly out of focus"
 * camera. The decoder reads luminance only, so the result is grey (r = g = b), fully opaque.
 */
export function gaussianBlur(image: RgbaImage, sigma: number): RgbaImage {
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = new Float32Array(2 * radius + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i++) {
    const w = Math.exp(-(i * i) / (2 * sigma * sigma));
    kernel[i + radius] = w;
    sum += w;
  }
  for (let i = 0; i < kernel.length; i++) kernel[i] = (kernel[i] ?? 0) / sum;

  const { width, height, data } = image;
  const size = width * height;
  const grey = new Float32Array(size);
  for (let p = 0, i = 0; p < size; p++, i += 4) {
    grey[p] = 0.299 * (data[i] ?? 0) + 0.587 * (data[i + 1] ?? 0) + 0.114 * (data[i + 2] ?? 0);
  }
  const tmp = new Float32Array(size);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const sx = x + k < 0 ? 0 : x + k >= width ? width - 1 : x + k;
        acc += (grey[row + sx] ?? 0) * (kernel[k + radius] ?? 0);
      }
      tmp[row + x] = acc;
    }
  }
  const out = new Uint8ClampedArray(size * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let acc = 0;
      for (let k = -radius; k <= radius; k++) {
        const sy = y + k < 0 ? 0 : y + k >= height ? height - 1 : y + k;
        acc += (tmp[sy * width + x] ?? 0) * (kernel[k + radius] ?? 0);
      }
      const o = (y * width + x) * 4;
      out[o] = acc;
      out[o + 1] = acc;
      out[o + 2] = acc;
      out[o + 3] = 255;
    }
  }
  return { data: out, width, height };
}

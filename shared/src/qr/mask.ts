/**
 * Mask selection on typed arrays. `qrcode` picks the mask by re-walking its BitMatrix through
 * accessor calls for each of the 8 masks, which is ~80 % of its encode time; this does the same
 * ISO/IEC 18004 §7.8.3 evaluation with the same penalty rules (so the same mask, module for module)
 * on flat arrays. Input: the symbol qrcode built with mask 0, and its function-pattern map.
 */

const EC_BITS = { L: 1, M: 0, Q: 3, H: 2 } as const;

function bchDigit(data: number): number {
  let digit = 0;
  let d = data;
  while (d !== 0) {
    digit++;
    d >>>= 1;
  }
  return digit;
}

const G15 = (1 << 10) | (1 << 8) | (1 << 5) | (1 << 4) | (1 << 2) | (1 << 1) | (1 << 0);
const G15_MASK = (1 << 14) | (1 << 12) | (1 << 10) | (1 << 4) | (1 << 1);
const G15_BCH = bchDigit(G15);

/** The 15 format-information bits for a level and mask (BCH(15,5), XOR-masked). */
export function formatBits(ecLevel: keyof typeof EC_BITS, mask: number): number {
  const data = (EC_BITS[ecLevel] << 3) | mask;
  let d = data << 10;
  while (bchDigit(d) - G15_BCH >= 0) d ^= G15 << (bchDigit(d) - G15_BCH);
  return ((data << 10) | d) ^ G15_MASK;
}

function maskAt(p: number, i: number, j: number): boolean {
  switch (p) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

/** Indices (row * size + col) of the two copies of each format bit i, i = 0…14. */
function formatPositions(size: number): Int32Array {
  const pos = new Int32Array(30);
  for (let i = 0; i < 15; i++) {
    const vRow = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    const hCol = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
    pos[2 * i] = vRow * size + 8;
    pos[2 * i + 1] = 8 * size + hCol;
  }
  return pos;
}

type Layout = { masks: Uint8Array[]; format: Int32Array };
const layouts = new Map<string, Layout>();

/** Per version (function patterns are fixed per version): the 8 masks restricted to data modules. */
function layoutFor(size: number, reserved: Uint8Array): Layout {
  const key = `${size}`;
  const cached = layouts.get(key);
  if (cached !== undefined) return cached;
  const masks: Uint8Array[] = [];
  for (let p = 0; p < 8; p++) {
    const m = new Uint8Array(size * size);
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const i = row * size + col;
        if (reserved[i] === 0 && maskAt(p, row, col)) m[i] = 1;
      }
    }
    masks.push(m);
  }
  const layout = { masks, format: formatPositions(size) };
  layouts.set(key, layout);
  return layout;
}

/**
 * qrcode's penalty (N1 + N2 + N3 + N4), rule for rule. Stops early, returning a value ≥ `bound`,
 * once the score reaches `bound` (a mask that cannot win need not be scored to the end).
 */
export function penalty(d: Uint8Array, size: number, bound = Infinity): number {
  // N4: dark share away from 50 %.
  let dark = 0;
  for (let i = 0; i < d.length; i++) dark += d[i] ?? 0;
  let points = Math.abs(Math.ceil((dark * 100) / d.length / 5) - 10) * 10;
  // N1 (runs of ≥ 5 same-colour modules) and N3 (1:1:3:1:1 with four light modules on one side),
  // rows and columns in one pass.
  for (let a = 0; a < size; a++) {
    let runH = 0;
    let runV = 0;
    let lastH = -1;
    let lastV = -1;
    let bitsH = 0;
    let bitsV = 0;
    const row = a * size;
    for (let b = 0; b < size; b++) {
      const h = d[row + b] ?? 0;
      const v = d[b * size + a] ?? 0;
      if (h === lastH) runH++;
      else {
        if (runH >= 5) points += runH - 2;
        lastH = h;
        runH = 1;
      }
      if (v === lastV) runV++;
      else {
        if (runV >= 5) points += runV - 2;
        lastV = v;
        runV = 1;
      }
      bitsH = ((bitsH << 1) & 0x7ff) | h;
      bitsV = ((bitsV << 1) & 0x7ff) | v;
      if (b >= 10) {
        if (bitsH === 0x5d0 || bitsH === 0x05d) points += 40;
        if (bitsV === 0x5d0 || bitsV === 0x05d) points += 40;
      }
    }
    if (runH >= 5) points += runH - 2;
    if (runV >= 5) points += runV - 2;
    if (points >= bound) return points;
  }
  // N2: 2 × 2 blocks of one colour.
  for (let r = 0; r < size - 1; r++) {
    const r0 = r * size;
    const r1 = r0 + size;
    let left = (d[r0] ?? 0) + (d[r1] ?? 0);
    for (let col = 0; col < size - 1; col++) {
      const right = (d[r0 + col + 1] ?? 0) + (d[r1 + col + 1] ?? 0);
      const s4 = left + right;
      if (s4 === 4 || s4 === 0) points += 3;
      left = right;
    }
    if (points >= bound) return points;
  }
  return points;
}

/**
 * Given the symbol encoded with mask 0 (`modules`, function patterns flagged in `reserved`),
 * returns the symbol with the best mask applied and its format information rewritten.
 */
export function applyBestMask(
  modules: Uint8Array,
  reserved: Uint8Array,
  size: number,
  ecLevel: keyof typeof EC_BITS,
): { dark: Uint8Array; mask: number } {
  const { masks, format } = layoutFor(size, reserved);
  const n = modules.length;
  // Word-wide XOR: buffers padded to a multiple of 4 bytes, viewed as 32-bit words.
  const words = Math.ceil(n / 4);
  const unmasked = new Uint8Array(words * 4);
  unmasked.set(modules);
  const u32 = new Uint32Array(unmasked.buffer);
  const m0 = maskWords(masks, 0, words);
  for (let w = 0; w < words; w++) u32[w] = (u32[w] ?? 0) ^ (m0[w] ?? 0);
  const buffer = new Uint8Array(words * 4);
  const c32 = new Uint32Array(buffer.buffer);
  const candidate = buffer.subarray(0, n);
  let bestMask = 0;
  let lowest = Infinity;
  const build = (p: number) => {
    const m = maskWords(masks, p, words);
    for (let w = 0; w < words; w++) c32[w] = (u32[w] ?? 0) ^ (m[w] ?? 0);
    const bits = formatBits(ecLevel, p);
    for (let i = 0; i < 15; i++) {
      const bit = (bits >> i) & 1;
      candidate[format[2 * i] ?? 0] = bit;
      candidate[format[2 * i + 1] ?? 0] = bit;
    }
  };
  for (let p = 0; p < 8; p++) {
    build(p);
    const score = penalty(candidate, size, lowest);
    if (score < lowest) {
      lowest = score;
      bestMask = p;
    }
  }
  build(bestMask);
  return { dark: candidate.slice(), mask: bestMask };
}

const wordViews = new WeakMap<Uint8Array, Uint32Array>();

/** Mask p of a layout as 32-bit words (padded), cached with the layout. */
function maskWords(masks: Uint8Array[], p: number, words: number): Uint32Array {
  const m = masks[p] ?? new Uint8Array(0);
  let view = wordViews.get(m);
  if (view === undefined) {
    const padded = new Uint8Array(words * 4);
    padded.set(m);
    view = new Uint32Array(padded.buffer);
    wordViews.set(m, view);
  }
  return view;
}

/**
 * The search tree of a MaxMind DB (https://maxmind.github.io/MaxMind-DB/), walked for an IPv4
 * address: the data record it points at, as a number (the record's place in the data section, the
 * same for every address of a network), or null when the database has no record for it. Lets geo
 * keep a small memo of country/region per record instead of decoding the full City record on every
 * visit; it never keys anything by the IP itself.
 */
export type TreeShape = { nodeCount: number; recordSize: number; ipVersion: number };

/** `a.b.c.d` as an unsigned 32-bit number, or -1 when it is not a plain dotted quad. */
export function ipv4ToNumber(ip: string): number {
  let value = 0;
  let octet = -1;
  let dots = 0;
  for (let i = 0; i < ip.length; i++) {
    const c = ip.charCodeAt(i);
    if (c === 46) {
      if (octet < 0 || dots === 3) return -1;
      value = value * 256 + octet;
      octet = -1;
      dots += 1;
    } else if (c >= 48 && c <= 57) {
      octet = octet < 0 ? c - 48 : octet * 10 + (c - 48);
      if (octet > 255) return -1;
    } else return -1;
  }
  if (dots !== 3 || octet < 0) return -1;
  return value * 256 + octet;
}

function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 97 && c <= 102) return c - 87;
  if (c >= 65 && c <= 70) return c - 55;
  return -1;
}

/** A valid IPv6 literal (hex groups, one `::` at most, an optional trailing dotted quad) as 16 bytes; else null. */
export function ipv6ToBytes(ip: string): Uint8Array | null {
  const words: number[] = [];
  /** Where `::` stands among the words, or -1. */
  let gap = -1;
  let i = 0;
  if (ip.startsWith('::')) {
    gap = 0;
    i = 2;
  }
  while (i < ip.length) {
    const groupStart = i;
    let value = 0;
    while (i < ip.length && i - groupStart < 5) {
      const digit = hexDigit(ip.charCodeAt(i));
      if (digit < 0) break;
      value = value * 16 + digit;
      i += 1;
    }
    if (ip.charCodeAt(i) === 46) {
      // A trailing dotted quad: two words, and nothing after it.
      const v4 = ipv4ToNumber(ip.slice(groupStart));
      if (v4 < 0) return null;
      words.push(v4 >>> 16, v4 & 0xffff);
      break;
    }
    const digits = i - groupStart;
    if (digits === 0 || digits > 4) return null;
    words.push(value);
    if (i === ip.length) break;
    if (ip.charCodeAt(i) !== 58) return null;
    if (ip.charCodeAt(i + 1) === 58) {
      if (gap >= 0) return null;
      gap = words.length;
      i += 2;
    } else {
      i += 1;
      if (i === ip.length) return null;
    }
  }
  if (gap < 0 ? words.length !== 8 : words.length > 7) return null;
  const bytes = new Uint8Array(16);
  const tail = gap < 0 ? 0 : words.length - gap;
  words.forEach((word, w) => {
    const at = gap >= 0 && w >= gap ? 8 - tail + (w - gap) : w;
    bytes[at * 2] = word >> 8;
    bytes[at * 2 + 1] = word & 0xff;
  });
  return bytes;
}

/** The data record of an address (a number: the same for every address of a network), or null when there is none. */
export type TreeWalker = {
  ipv4(ip: number): number | null;
  /** Absent when the database holds IPv4 only. */
  ipv6: ((bytes: Uint8Array) => number | null) | null;
};

/** Bits of an IPv4 address whose subtree is found in a table (2^20 entries, 4 MB, filled as used) instead of 20 node reads. */
const IPV4_TABLE_BITS = 20;

type RecordReaders = { left: (offset: number) => number; right: (offset: number) => number };

/** The two record readers of a node at a byte offset, for the database's record size; null for a size the format does not define. */
function recordReaders(db: Buffer, recordSize: number): RecordReaders | null {
  const at = (o: number): number => db[o] ?? 0;
  const u24 = (o: number): number => (at(o) << 16) | (at(o + 1) << 8) | at(o + 2);
  if (recordSize === 24) return { left: (o) => u24(o), right: (o) => u24(o + 3) };
  if (recordSize === 28)
    return {
      left: (o) => ((at(o + 3) & 0xf0) << 20) | u24(o),
      right: (o) => ((at(o + 3) & 0x0f) << 24) | u24(o + 4),
    };
  if (recordSize === 32) return { left: (o) => db.readUInt32BE(o), right: (o) => db.readUInt32BE(o + 4) };
  return null;
}

/**
 * One address of every network that has a data record, once per record (the first network found in
 * address order): what a table of everything the database knows (region names) is read through.
 * Addresses are IPv6 text for an IPv6 tree, dotted quads for an IPv4 one.
 */
export function* networkPerRecord(db: Buffer, shape: TreeShape): Generator<string> {
  const readers = recordReaders(db, shape.recordSize);
  if (!readers) return;
  const { nodeCount } = shape;
  const nodeBytes = shape.recordSize / 4;
  const bits = shape.ipVersion === 6 ? 128 : 32;
  const address = new Uint8Array(bits / 8);
  const seen = new Set<number>();
  const stack: Array<{ node: number; depth: number; bit: 0 | 1 }> = [
    { node: 0, depth: 0, bit: 1 },
    { node: 0, depth: 0, bit: 0 },
  ];
  /** The deepest bit a branch walked so far may have set. */
  let deepest = 0;
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { node, depth, bit } = step;
    // Bits below this one are left over from a deeper branch: a network's address has them zero.
    for (let b = depth; b <= deepest; b++) address[b >> 3] = (address[b >> 3] ?? 0) & ~(0x80 >> (b & 7));
    if (bit) address[depth >> 3] = (address[depth >> 3] ?? 0) | (0x80 >> (depth & 7));
    deepest = depth;
    const child = bit ? readers.right(node * nodeBytes) : readers.left(node * nodeBytes);
    if (child > nodeCount) {
      if (!seen.has(child)) {
        seen.add(child);
        yield addressText(address);
      }
    } else if (child < nodeCount && depth + 1 < bits) {
      stack.push({ node: child, depth: depth + 1, bit: 1 }, { node: child, depth: depth + 1, bit: 0 });
    }
  }
}

function addressText(bytes: Uint8Array): string {
  if (bytes.length === 4) return bytes.join('.');
  const words: string[] = [];
  for (let i = 0; i < 16; i += 2) words.push((((bytes[i] ?? 0) << 8) | (bytes[i + 1] ?? 0)).toString(16));
  return words.join(':');
}

export function createTreeWalker(db: Buffer, shape: TreeShape): TreeWalker | null {
  const { nodeCount, recordSize } = shape;
  const nodeBytes = recordSize / 4;
  const readers = recordReaders(db, recordSize);
  if (!readers) return null;
  const { left, right } = readers;
  /** From `node`, the bits of `value` from `bit` down to bit 0; stops at a leaf. */
  function descend(node: number, value: number, bit: number): number {
    let n = node;
    for (let b = bit; b >= 0 && n < nodeCount; b--)
      n = (value >>> b) & 1 ? right(n * nodeBytes) : left(n * nodeBytes);
    return n;
  }
  const leaf = (node: number): number | null => (node > nodeCount ? node : null);
  // IPv4 addresses sit under 96 zero bits of an IPv6 tree.
  let start = 0;
  if (shape.ipVersion === 6)
    for (let i = 0; i < 96 && start < nodeCount; i++) start = left(start * nodeBytes);
  const shift = 32 - IPV4_TABLE_BITS;
  /** Node + 1 reached by each /20 network prefix (never an address), filled as prefixes are first seen (0: not yet). */
  const table = new Int32Array(1 << IPV4_TABLE_BITS);
  return {
    ipv4(ip) {
      const prefix = ip >>> shift;
      let node = (table[prefix] ?? 0) - 1;
      if (node < 0) {
        node = descend(start, prefix, IPV4_TABLE_BITS - 1);
        if (node < 0x7fffffff) table[prefix] = node + 1;
      }
      return leaf(descend(node, ip, shift - 1));
    },
    ipv6:
      shape.ipVersion === 6
        ? (bytes) => {
            let node = 0;
            for (let i = 0; i < 16 && node < nodeCount; i++) node = descend(node, bytes[i] ?? 0, 7);
            return leaf(node);
          }
        : null,
  };
}

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

export function createIpv4TreeWalker(db: Buffer, shape: TreeShape): ((ip: number) => number | null) | null {
  const { nodeCount, recordSize } = shape;
  const nodeBytes = recordSize / 4;
  let left: (offset: number) => number;
  let right: (offset: number) => number;
  if (recordSize === 24) {
    left = (o) => db.readUIntBE(o, 3);
    right = (o) => db.readUIntBE(o + 3, 3);
  } else if (recordSize === 28) {
    left = (o) => (((db[o + 3] ?? 0) & 0xf0) << 20) | db.readUIntBE(o, 3);
    right = (o) => (((db[o + 3] ?? 0) & 0x0f) << 24) | db.readUIntBE(o + 4, 3);
  } else if (recordSize === 32) {
    left = (o) => db.readUInt32BE(o);
    right = (o) => db.readUInt32BE(o + 4);
  } else return null;
  // IPv4 addresses sit under 96 zero bits of an IPv6 tree.
  let start = 0;
  if (shape.ipVersion === 6)
    for (let i = 0; i < 96 && start < nodeCount; i++) start = left(start * nodeBytes);
  return (ip) => {
    let node = start;
    for (let bit = 31; bit >= 0 && node < nodeCount; bit--)
      node = (ip >>> bit) & 1 ? right(node * nodeBytes) : left(node * nodeBytes);
    return node > nodeCount ? node : null;
  };
}

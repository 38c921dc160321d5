// Sets of sections as bits, 32 sections to an Int32Array element: section id is bit `id & 31` of
// element `id >>> 5`. A word in a quarter of a large site's sections has a posting list eight
// times longer than its bits, so the union and the count of such lists go faster as bits.

/** Elements of a set of `size` sections. */
export function bitsLength(size: number): number {
  return (size + 31) >>> 5;
}

/** The sections of `ids` added to the set at element `at` of `bits` (a set among several in one array). */
export function addIds(bits: Int32Array, at: number, ids: Int32Array): void {
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!;
    bits[at + (id >>> 5)]! |= 1 << (id & 31);
  }
}

/** The sections of `ids` as a set of `size` sections. */
export function bitsOfIds(ids: Int32Array, size: number): Int32Array {
  const bits = new Int32Array(bitsLength(size));
  addIds(bits, 0, ids);
  return bits;
}

/** The sections `mask` marks with 1, as bits. */
export function bitsOfMask(mask: Uint8Array): Int32Array {
  const bits = new Int32Array(bitsLength(mask.length));
  for (let id = 0; id < mask.length; id++) bits[id >>> 5]! |= mask[id]! << (id & 31);
  return bits;
}

/** The sections of `from` added to the set at element `at` of `into` (a set among several in one array). */
export function addBits(into: Int32Array, at: number, from: Int32Array): void {
  for (let i = 0; i < from.length; i++) into[at + i]! |= from[i]!;
}

/** How many bits of `x` are set. */
export function bitCount(x: number): number {
  let n = x - ((x >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (Math.imul((n + (n >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

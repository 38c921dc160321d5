// Sets of sections as bits: the ranking counts and unites posting lists with them.
import { describe, expect, it } from 'vitest';
import { addBits, bitCount, bitsOfIds, bitsOfMask } from '../../src/search/section-bits.js';
import { seededRandom } from '../helpers/random.js';

const members = (bits: Int32Array, size: number): number[] => Array.from({ length: size }, (_, id) => id).filter((id) => (bits[id >>> 5]! >>> (id & 31)) & 1);

describe('section bits', () => {
  const next = seededRandom(5);

  it('counts the bits of any 32-bit number, the sign bit too', () => {
    for (let i = 0; i < 2_000; i++) {
      const x = (next() * 2 ** 32) | 0;
      expect(bitCount(x)).toBe([...(x >>> 0).toString(2)].filter((c) => c === '1').length);
    }
    expect([bitCount(0), bitCount(-1), bitCount(-2147483648)]).toEqual([0, 32, 1]);
  });

  it('holds the ids of a list or a mask, and their union', () => {
    const size = 100;
    const a = [0, 5, 31, 32, 63, 64, 99];
    const b = [1, 31, 70];
    const mask = Uint8Array.from({ length: size }, (_, id) => (b.includes(id) ? 1 : 0));
    expect(members(bitsOfIds(Int32Array.from(a), size), size)).toEqual(a);
    expect(members(bitsOfMask(mask), size)).toEqual(b);
    const both = new Int32Array(2 * 4);
    addBits(both, 4, bitsOfIds(Int32Array.from(a), size));
    addBits(both, 4, bitsOfMask(mask));
    expect(both.subarray(0, 4).every((e) => e === 0)).toBe(true);
    expect(members(both.subarray(4), size)).toEqual([...new Set([...a, ...b])].sort((x, y) => x - y));
  });
});

// Set operations on ascending id lists, checked against plain array filters on random lists.
import { describe, expect, it } from 'vitest';
import { commonIds, withoutIds } from '../../src/search/sorted-ids.js';
import { seededRandom } from '../helpers/random.js';

/** An ascending list of distinct ids below `range`, each present with probability `density`. */
function ascending(next: () => number, range: number, density: number): Int32Array {
  return Int32Array.from(Array.from({ length: range }, (_, id) => id).filter(() => next() < density));
}

describe('commonIds', () => {
  it('finds exactly the ids of the first list that the second holds, in order', () => {
    const next = seededRandom(11);
    for (let round = 0; round < 200; round++) {
      const sorted = ascending(next, 2000, next() * 0.2);
      const list = ascending(next, 2000, next());
      const count = Math.floor(next() * (sorted.length + 1));
      const out = new Int32Array(sorted.length);
      const found = commonIds(sorted, count, list, out);
      const members = new Set(list);
      expect([...out.subarray(0, found)]).toEqual([...sorted.subarray(0, count)].filter((id) => members.has(id)));
    }
  });

  it('handles empty lists and ids past the end of the list', () => {
    const out = new Int32Array(4);
    expect(commonIds(Int32Array.of(1, 5, 9), 3, new Int32Array(0), out)).toBe(0);
    expect(commonIds(new Int32Array(0), 0, Int32Array.of(1, 2), out)).toBe(0);
    expect(commonIds(Int32Array.of(0, 7, 100, 200), 4, Int32Array.of(0, 1, 2, 7, 100), out)).toBe(3);
    expect([...out.subarray(0, 3)]).toEqual([0, 7, 100]);
  });
});

describe('withoutIds', () => {
  it('removes a subset in place and keeps the rest in order', () => {
    const next = seededRandom(12);
    for (let round = 0; round < 100; round++) {
      const sorted = ascending(next, 500, next());
      const remove = Int32Array.from([...sorted].filter(() => next() < 0.5));
      const expected = [...sorted].filter((id) => !remove.includes(id));
      const left = withoutIds(sorted, sorted.length, remove, remove.length);
      expect([...sorted.subarray(0, left)]).toEqual(expected);
    }
  });
});

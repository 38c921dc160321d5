// CodeCounts: a query's counts per match code, read and cleared through the codes it listed.
import { describe, expect, it } from 'vitest';
import { CodeCounts } from '../../src/search/code-counts.js';

describe('CodeCounts', () => {
  it('counts allowed sections per code, introductions apart, and lists each code once', () => {
    const counts = new CodeCounts(6);
    counts.add(5, 1, 1);
    counts.add(5, 0, 1);
    counts.add(5, 0, 1);
    counts.add(9, 0, 0);
    counts.add(63, 1, 1);
    expect([...counts.codes.subarray(0, counts.length)]).toEqual([5, 9, 63]);
    expect([counts.counts[10], counts.counts[11]]).toEqual([2, 1]);
    // A code whose sections the mask hides is listed, with nothing counted.
    expect([counts.counts[18], counts.counts[19]]).toEqual([0, 0]);
    expect(counts.counts[127]).toBe(1);
  });

  it('leaves nothing of one query for the next once cleared', () => {
    const counts = new CodeCounts(6);
    counts.add(5, 1, 1);
    counts.add(40, 0, 1);
    counts.kept[40] = 1;
    counts.clear();
    expect(counts.length).toBe(0);
    expect(counts.counts.every((count) => count === 0)).toBe(true);
    expect(counts.kept.every((kept) => kept === 0)).toBe(true);
    counts.add(40, 0, 1);
    expect([...counts.codes.subarray(0, counts.length)]).toEqual([40]);
    expect(counts.counts[80]).toBe(1);
  });
});

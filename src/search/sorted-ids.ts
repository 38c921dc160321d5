// Set operations on ascending lists of section ids (posting lists and the ranking's working lists),
// each given as an Int32Array and the count of its entries in use.

/**
 * Writes to `out` the first `count` ids of `sorted` that `list` holds, in order, and returns how
 * many. Each lookup gallops forward from the last one, so a short `sorted` costs a few steps
 * per id however long `list` is.
 */
export function commonIds(sorted: Int32Array, count: number, list: Int32Array, out: Int32Array): number {
  let found = 0;
  let from = 0;
  for (let i = 0; i < count && from < list.length; i++) {
    const id = sorted[i]!;
    // Double the step until past `id`, then search the last step by halves.
    let step = 1;
    let to = from;
    while (to < list.length && list[to]! < id) {
      from = to + 1;
      to += step;
      step *= 2;
    }
    let high = Math.min(to, list.length);
    while (from < high) {
      const middle = (from + high) >>> 1;
      if (list[middle]! < id) from = middle + 1;
      else high = middle;
    }
    if (from < list.length && list[from] === id) out[found++] = id;
  }
  return found;
}

/** Removes from the first `count` ids of `sorted`, in place, the first `removeCount` of `remove` (all among them); returns how many are left. */
export function withoutIds(sorted: Int32Array, count: number, remove: Int32Array, removeCount: number): number {
  let kept = 0;
  let r = 0;
  for (let i = 0; i < count; i++) {
    const id = sorted[i]!;
    if (r < removeCount && remove[r] === id) r++;
    else sorted[kept++] = id;
  }
  return kept;
}

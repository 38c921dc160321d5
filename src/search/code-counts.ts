// How many allowed sections a query gave each match code (see match-codes.ts), and which codes
// pruning keeps. A query of five terms has 2^15 codes, and a few hundred of them occur: the
// codes that occur are listed, and everything else reads and clears that list instead of the table
// (zeroing and scanning every code was a third of a question's time).

export class CodeCounts {
  /** At `2 * code + 1` the allowed page introductions with `code`, at `2 * code` the other allowed sections. */
  readonly counts: Int32Array;
  /** 1 at each code pruning keeps (see keptCodes). */
  readonly kept: Uint8Array;
  /** The codes counted since the last `clear()`, allowed sections or not, each once, from the start. */
  readonly codes: Int32Array;
  private listed = 0;
  private readonly seen: Uint8Array;

  /** Room for every code of `bits` bits. */
  constructor(bits: number) {
    this.counts = new Int32Array(2 << bits);
    this.kept = new Uint8Array(1 << bits);
    this.seen = new Uint8Array(1 << bits);
    this.codes = new Int32Array(1 << bits);
  }

  /** How many codes were counted. */
  get length(): number {
    return this.listed;
  }

  /** Counts a section with `code` (not 0): `lead` 1 for a page introduction, `allowed` 1 when the query's mask allows it. */
  add(code: number, lead: number, allowed: number): void {
    if (this.seen[code] === 0) {
      this.seen[code] = 1;
      this.codes[this.listed++] = code;
    }
    this.counts[(code << 1) | lead]! += allowed;
  }

  /** Forgets every count and kept code, for the next count. */
  clear(): void {
    const { counts, kept, seen, codes } = this;
    for (let i = 0; i < this.listed; i++) {
      const code = codes[i]!;
      counts[2 * code] = 0;
      counts[2 * code + 1] = 0;
      kept[code] = 0;
      seen[code] = 0;
    }
    this.listed = 0;
  }
}

// What a benchmark returns, and how the runner prints it: an aligned table plus PASS/FAIL lines.

export interface Table {
  columns: string[];
  rows: string[][];
}

/** A target a benchmark checks, e.g. "validate --jobs 1 <= 1.3x bare parse". */
export interface Check {
  label: string;
  actual: string;
  target: string;
  pass: boolean;
}

export interface BenchmarkReport {
  table: Table;
  checks: Check[];
  notes?: string[];
  /** Why nothing was measured (say, no real sites are laid out): printed as SKIP, neither a pass nor a failure. */
  skipped?: string;
}

/** One benchmark of `npm run bench`; add new ones to the list in bench/index.ts. */
export interface Benchmark {
  name: string;
  title: string;
  run(): Promise<BenchmarkReport>;
}

/** Numeric-looking cells are right-aligned. */
export function formatTable({ columns, rows }: Table): string {
  const widths = columns.map((c, i) => Math.max(c.length, ...rows.map((r) => (r[i] ?? '').length)));
  const numeric = (cell: string): boolean => /^[\d.,]+\s*(x|s|MB|%)?$/.test(cell);
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => (numeric(cell) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatCheck(check: Check): string {
  return `${check.pass ? 'PASS' : 'FAIL'}  ${check.label}: ${check.actual} (target ${check.target})`;
}

/** 12345.6 -> "12,346". */
export function count(n: number): string {
  return Math.round(n).toLocaleString('en-US');
}

// The calendar units the rollups count by (UTC days, ISO weeks, months), and how a range of days splits into whole units of them.

/** A calendar unit, numbered by an integer: which unit a UTC day number falls in, and the first day of a unit. */
export interface Period {
  /** The column that holds the unit's number in the rollup tables of this period. */
  column: 'day' | 'week' | 'month';
  unitOf(day: number): number;
  firstDayOf(unit: number): number;
}

/**
 * The ISO week (Monday to Sunday) of a UTC day number, counted from the week of 1970-01-01 (a
 * Thursday): week `w` holds days `7w - 3` to `7w + 3`.
 */
export function weekOf(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The first day number of week `week`. */
export function firstDayOf(week: number): number {
  return week * 7 - 3;
}

/** Milliseconds in a UTC day: a day number is `floor(created_ms / DAY_MS)`. */
export const DAY_MS = 86_400_000;

/** The UTC calendar month of a day number, counted from January 1970 (month 0). */
export function monthOf(day: number): number {
  const date = new Date(day * DAY_MS);
  return (date.getUTCFullYear() - 1970) * 12 + date.getUTCMonth();
}

/** The first day number of month `month` (Date.UTC carries a month past 11, or below 0, into the year). */
export function firstDayOfMonth(month: number): number {
  return Date.UTC(1970, month, 1) / DAY_MS;
}

export const DAYS: Period = { column: 'day', unitOf: (day) => day, firstDayOf: (day) => day };
export const WEEKS: Period = { column: 'week', unitOf: weekOf, firstDayOf };
export const MONTHS: Period = { column: 'month', unitOf: monthOf, firstDayOf: firstDayOfMonth };

/** A period that rollup tables count by, and about how many rows one unit of it holds, relative to the other grains of the same read. */
export interface Grain {
  period: Period;
  weight: number;
}

/** Units `first` to `last` (inclusive) of one grain, counted (`sign` 1) or taken back out (-1). */
export interface Span<G extends Grain> {
  grain: G;
  first: number;
  last: number;
  sign: 1 | -1;
}

/** The weighted units the spans read: what splitRange keeps small. */
function cost(spans: readonly Span<Grain>[]): number {
  return spans.reduce((sum, span) => sum + span.grain.weight * (span.last - span.first + 1), 0);
}

const cheaper = <G extends Grain>(a: Span<G>[], b: Span<G>[]): Span<G>[] => (cost(b) < cost(a) ? b : a);
const takenOut = <G extends Grain>(spans: Span<G>[]): Span<G>[] => spans.map((span) => ({ ...span, sign: span.sign === 1 ? -1 : 1 }));

/**
 * Splits days `from` to `to` (inclusive) into spans whose signed counts add up to each day of the
 * range exactly once and to no other day. By the first (coarsest) grain: the units wholly inside
 * the range, and the days before and after them split the same way by the finer grains; or, where
 * that reads fewer weighted rows, also a unit the range only starts or ends in, less its days
 * outside the range. The last grain must count days, which cover any rest. So a year reads about
 * 11 months and a few weeks and days instead of 365 days, and a range from the 3rd of a month
 * reads the month less two days.
 */
export function splitRange<G extends Grain>(from: number, to: number, grains: readonly G[], level = 0): Span<G>[] {
  if (from > to) return [];
  const grain = grains[level]!;
  if (level === grains.length - 1) return [{ grain, first: from, last: to, sign: 1 }];
  const { unitOf, firstDayOf: start } = grain.period;
  const finer = (lo: number, hi: number): Span<G>[] => splitRange(lo, hi, grains, level + 1);
  const units = (first: number, last: number): Span<G>[] => (first <= last ? [{ grain, first, last, sign: 1 }] : []);
  const a = unitOf(from);
  const b = unitOf(to);
  const first = start(a) === from ? a : a + 1;
  const last = start(b + 1) - 1 === to ? b : b - 1;
  const inside = first > last ? finer(from, to) : [...finer(from, start(first) - 1), ...units(first, last), ...finer(start(last + 1), to)];
  /** Days `lo` to `hi` of unit `u`: from the finer grains, or the unit less its other days. */
  const part = (u: number, lo: number, hi: number): Span<G>[] =>
    cheaper(finer(lo, hi), [...units(u, u), ...takenOut(finer(start(u), lo - 1)), ...takenOut(finer(hi + 1, start(u + 1) - 1))]);
  if (a === b) return first <= last ? inside : part(a, from, to);
  const head = first === a ? units(a, a) : part(a, from, start(a + 1) - 1);
  const tail = last === b ? units(b, b) : part(b, start(b), to);
  return cheaper(inside, [...head, ...units(a + 1, b - 1), ...tail]);
}

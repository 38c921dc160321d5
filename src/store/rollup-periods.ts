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

/** Units `first` to `last` (inclusive) of one grain. */
export interface Span<Grain> {
  grain: Grain;
  first: number;
  last: number;
}

/**
 * Splits days `from` to `to` (inclusive) into spans that cover each day exactly once: the whole
 * units of the first (coarsest) grain inside the range, and the days before and after them split
 * the same way by the finer grains. The last grain must count days, which cover any rest. So a
 * year reads about 11 months, a few weeks and a few days instead of 365 days.
 */
export function splitRange<Grain extends { period: Period }>(from: number, to: number, grains: readonly Grain[], level = 0): Span<Grain>[] {
  if (from > to) return [];
  const grain = grains[level]!;
  if (level === grains.length - 1) return [{ grain, first: from, last: to }];
  const { unitOf, firstDayOf: start } = grain.period;
  const first = start(unitOf(from)) === from ? unitOf(from) : unitOf(from) + 1;
  const last = start(unitOf(to) + 1) - 1 === to ? unitOf(to) : unitOf(to) - 1;
  if (first > last) return splitRange(from, to, grains, level + 1);
  return [...splitRange(from, start(first) - 1, grains, level + 1), { grain, first, last }, ...splitRange(start(last + 1), to, grains, level + 1)];
}

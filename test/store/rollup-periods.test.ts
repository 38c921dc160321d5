// How a range of days splits into months, weeks and days: every day of the range counted exactly once, none outside it, and long ranges in few units.
import { describe, expect, it } from 'vitest';
import { DAYS, type Grain, MONTHS, monthOf, firstDayOfMonth, type Span, splitRange, WEEKS } from '../../src/store/rollup-periods.js';

const DAY_MS = 86_400_000;
const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;

/** Signed count per day of the units the spans name. */
function counted(spans: readonly Span<Grain>[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const { grain, first, last, sign } of spans)
    for (let unit = first; unit <= last; unit++)
      for (let d = grain.period.firstDayOf(unit); d < grain.period.firstDayOf(unit + 1); d++) counts.set(d, (counts.get(d) ?? 0) + sign);
  return counts;
}

const QUESTIONS: Grain[] = [
  { period: MONTHS, weight: 2 },
  { period: WEEKS, weight: 3 },
  { period: DAYS, weight: 1 },
];
const PAGES: Grain[] = [
  { period: MONTHS, weight: 1 },
  { period: DAYS, weight: 1 },
];

describe('splitRange', () => {
  it('counts each day of any range once and no other day, months, weeks and days together', () => {
    const lengths = [1, 2, 3, 6, 7, 8, 13, 27, 28, 29, 30, 31, 32, 45, 60, 90, 91, 200, 365, 366];
    for (const grains of [QUESTIONS, PAGES]) {
      for (let from = day('2023-12-01'); from < day('2025-03-01'); from += 5) {
        for (const length of lengths) {
          const to = from + length - 1;
          const counts = counted(splitRange(from, to, grains));
          const wrong = [...counts].filter(([d, n]) => n !== (d >= from && d <= to ? 1 : 0));
          const missing = Array.from({ length }, (_, i) => from + i).filter((d) => !counts.has(d));
          expect({ from, length, wrong, missing }).toEqual({ from, length, wrong: [], missing: [] });
        }
      }
    }
  });

  it('reads a year as months with weeks and days at the ends, and a month less two days as the month', () => {
    const year = splitRange(day('2025-01-15'), day('2026-01-14'), QUESTIONS);
    const units = (period: typeof DAYS) => year.filter((span) => span.grain.period === period).reduce((n, s) => n + s.last - s.first + 1, 0);
    expect([units(MONTHS), units(WEEKS), units(DAYS)]).toEqual([12, 2, 14]);
    const almost = splitRange(day('2025-03-03'), day('2025-03-31'), QUESTIONS);
    expect(almost).toEqual([
      { grain: QUESTIONS[0], first: monthOf(day('2025-03-01')), last: monthOf(day('2025-03-01')), sign: 1 },
      { grain: QUESTIONS[2], first: day('2025-03-01'), last: day('2025-03-02'), sign: -1 },
    ]);
  });

  it('numbers months from January 1970 on both sides of it, leap days included', () => {
    for (const [iso, month] of [
      ['1970-01-01', 0],
      ['1969-12-31', -1],
      ['2024-02-29', 649],
      ['2024-03-01', 650],
      ['2025-01-01', 660],
    ] as const) {
      expect(monthOf(day(iso))).toBe(month);
      expect(firstDayOfMonth(month)).toBe(day(`${iso.slice(0, 7)}-01`));
    }
  });
});

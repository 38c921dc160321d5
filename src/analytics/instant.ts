// Reads the instants of the analytics API and of imported conversations: ISO 8601 dates and date-times, in UTC.

/** Calendar, ordinal and week dates, extended (with hyphens) or basic, complete or reduced to a month or year. */
const DATES: { pattern: RegExp; complete: boolean; day(match: string[]): Date | undefined }[] = [
  { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, complete: true, day: ([, y, m, d]) => calendarDay(y, m, d) },
  { pattern: /^(\d{4})(\d{2})(\d{2})$/, complete: true, day: ([, y, m, d]) => calendarDay(y, m, d) },
  { pattern: /^(\d{4})-(\d{3})$/, complete: true, day: ([, y, d]) => ordinalDay(y, d) },
  { pattern: /^(\d{4})(\d{3})$/, complete: true, day: ([, y, d]) => ordinalDay(y, d) },
  { pattern: /^(\d{4})-W(\d{2})-([1-7])$/i, complete: true, day: ([, y, w, d]) => weekDay(y, w, d) },
  { pattern: /^(\d{4})W(\d{2})([1-7])$/i, complete: true, day: ([, y, w, d]) => weekDay(y, w, d) },
  { pattern: /^(\d{4})-W(\d{2})$/i, complete: false, day: ([, y, w]) => weekDay(y, w, '1') },
  { pattern: /^(\d{4})W(\d{2})$/i, complete: false, day: ([, y, w]) => weekDay(y, w, '1') },
  { pattern: /^(\d{4})-(\d{2})$/, complete: false, day: ([, y, m]) => calendarDay(y, m, '01') },
  { pattern: /^(\d{4})$/, complete: false, day: ([, y]) => calendarDay(y, '01', '01') },
];

/** A time of day: hours, then optional minutes and seconds, extended (`09:30:00`) or basic (`093000`); the last may have a fraction. */
const TIMES = [/^(\d{2})(?::(\d{2})(?::(\d{2}))?)?(?:[.,](\d{1,9}))?$/, /^(\d{2})(?:(\d{2})(\d{2})?)?(?:[.,](\d{1,9}))?$/];
/** A UTC designator or an offset: `Z`, `±hh`, `±hh:mm`, `±hhmm`. */
const ZONE = /(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)$/;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

/** Midnight UTC of a day counted from January 1 of `year` (`dayOfYear` may run past the year's end). */
function dayOfYear(year: number, dayOfYear: number): Date {
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are.
  date.setUTCFullYear(year, 0, dayOfYear);
  return date;
}

function calendarDay(y: string | undefined, m: string | undefined, d: string | undefined): Date | undefined {
  const [year, month, day] = [Number(y), Number(m), Number(d)];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

function ordinalDay(y: string | undefined, d: string | undefined): Date | undefined {
  const [year, day] = [Number(y), Number(d)];
  return day >= 1 && day <= (isLeap(year) ? 366 : 365) ? dayOfYear(year, day) : undefined;
}

/** ISO weekday of a date: Monday 1 to Sunday 7. */
const isoWeekday = (date: Date): number => date.getUTCDay() || 7;

/** Day `d` (Monday 1) of ISO week `w` of week-numbering year `y`: week 1 is the one holding January 4. */
function weekDay(y: string | undefined, w: string | undefined, d: string | undefined): Date | undefined {
  const [year, week, day] = [Number(y), Number(w), Number(d)];
  const january1 = isoWeekday(dayOfYear(year, 1));
  const weeks = january1 === 4 || (january1 === 3 && isLeap(year)) ? 53 : 52;
  if (week < 1 || week > weeks) return undefined;
  const mondayOfWeek1 = 4 - (isoWeekday(dayOfYear(year, 4)) - 1);
  return dayOfYear(year, mondayOfWeek1 + (week - 1) * 7 + (day - 1));
}

/** `digits` of a fraction of `unitMs`, in whole milliseconds rounded up (exactly: a bound never admits a record the exact instant would exclude). */
function fractionMs(digits: string, unitMs: number): number {
  if (digits === '') return 0;
  const scaled = BigInt(digits) * BigInt(unitMs);
  const scale = 10n ** BigInt(digits.length);
  return Number(scaled / scale + (scaled % scale === 0n ? 0n : 1n));
}

/** Milliseconds since midnight of a time of day, or undefined when it is not one (no 24:00, no leap second). */
function timeOfDay(text: string): number | undefined {
  const match = TIMES.map((pattern) => pattern.exec(text)).find(Boolean);
  if (!match) return undefined;
  const [, h = '', m, s, fraction = ''] = match;
  const [hours, minutes, seconds] = [Number(h), Number(m ?? 0), Number(s ?? 0)];
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  const unit = s !== undefined ? 1000 : m !== undefined ? MINUTE_MS : HOUR_MS;
  return hours * HOUR_MS + minutes * MINUTE_MS + seconds * 1000 + fractionMs(fraction, unit);
}

/** Milliseconds east of UTC of a zone match; undefined for an impossible offset. */
function offsetMs([zone, sign, hh, mm = '0']: RegExpExecArray): number | undefined {
  if (sign === undefined) return zone ? 0 : undefined;
  const [hours, minutes] = [Number(hh), Number(mm)];
  if (hours > 23 || minutes > 59) return undefined;
  return (sign === '-' ? -1 : 1) * (hours * HOUR_MS + minutes * MINUTE_MS);
}

/** What `parseInstant` accepts, for messages: "dateFrom must be …". */
export const INSTANT_FORMS =
  'an ISO 8601 date or date-time, UTC unless it has an offset (e.g. 2025-01-31, 20250131, 2025-031, 2025-W05-5, 2025-W05, 2025-01, 2025-01-31T09:30:00Z, 20250131T0930+0100)';

/**
 * The instant `text` names, or undefined when it is not one. Accepts the ISO 8601 dates of
 * four-digit years in extended or basic format: calendar (`2025-01-31`, `20250131`), ordinal
 * (`2025-031`, `2025031`), week (`2025-W05-5`, `2025W055`), and reduced to a week (`2025-W05`,
 * its Monday), a month (`2025-01`) or a year (`2025`); a date names its midnight UTC. A complete
 * date may be followed by `T` and a time of day (`09`, `09:30`, `09:30:00`, `0930`, `093000`; the
 * last part may have a fraction, `09:30:00.123`, `09.5`) and a zone (`Z`, `+01`, `+01:00`,
 * `+0100`); a time without a zone is UTC. Fractions finer than a millisecond round up to the next
 * millisecond, so a bound never admits a record the exact instant would exclude (records have ms
 * precision).
 */
export function parseInstant(text: string): Date | undefined {
  const parts = text.split(/[Tt]/);
  if (parts.length > 2) return undefined;
  const [datePart = '', timeAndZone] = parts;
  const dateForm = DATES.map((form) => ({ form, match: form.pattern.exec(datePart) })).find(({ match }) => match);
  if (!dateForm) return undefined;
  const day = dateForm.form.day(dateForm.match!);
  if (!day) return undefined;
  if (timeAndZone === undefined) return day;
  if (!dateForm.form.complete) return undefined;
  const zone = ZONE.exec(timeAndZone);
  const offset = zone ? offsetMs(zone) : 0;
  const time = timeOfDay(zone ? timeAndZone.slice(0, zone.index) : timeAndZone);
  if (offset === undefined || time === undefined) return undefined;
  return new Date(day.getTime() + time - offset);
}

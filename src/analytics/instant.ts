// Reads the date bounds of the analytics API: ISO 8601 date-times or plain `YYYY-MM-DD` dates, in UTC.

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Whether y-m-d h:m:s are a real calendar date and clock time (no February 30, no 24:00, no leap second). */
function isRealDate(y: number, m: number, d: number, h: number, min: number, s: number): boolean {
  const date = new Date(0);
  date.setUTCFullYear(y, m - 1, d);
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d && h <= 23 && min <= 59 && s <= 59;
}

/** Minutes east of UTC of `Z`, `+05`, `+0530` or `-05:30`; undefined for an impossible offset. */
function offsetMinutes(zone: string | undefined): number | undefined {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  if (hours > 23 || minutes > 59) return undefined;
  return (zone.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

/**
 * The instant `text` names, or undefined when it is not one. Accepts `YYYY-MM-DD` (midnight
 * UTC) and ISO 8601 date-times `YYYY-MM-DDThh:mm[:ss[.fraction]][Z|±hh[:mm]]`; a date-time
 * without a zone is UTC. Fractions finer than a millisecond round up to the next millisecond,
 * so a bound never admits a record the exact instant would exclude (records have ms precision).
 */
export function parseInstant(text: string): Date | undefined {
  const match = INSTANT.exec(text);
  if (!match) return undefined;
  const [, y, m, d, h = '0', min = '0', s = '0', fraction = '', zone] = match;
  const parts = [y, m, d, h, min, s].map(Number) as [number, number, number, number, number, number];
  if (!isRealDate(...parts)) return undefined;
  const offset = offsetMinutes(zone);
  if (offset === undefined) return undefined;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3)) + (/[1-9]/.test(fraction.slice(3)) ? 1 : 0);
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, keeps years 0-99 as they are.
  date.setUTCFullYear(parts[0], parts[1] - 1, parts[2]);
  date.setUTCHours(parts[3], parts[4], parts[5], ms);
  date.setTime(date.getTime() - offset * 60_000);
  return date;
}

// The date range of the analytics and feedback pages: whole UTC days from the query string, the last 30 by default.
import type { Request } from 'express';
import { escapeHtml } from '../../auth/index.js';
import { ANALYTICS_MAX_DAYS } from '../../store/index.js';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Days shown when the query names none. */
const DEFAULT_DAYS = 30;

/** Inclusive `YYYY-MM-DD` days, and the same as the instants [dateFrom, dateTo) the listings take. */
export interface DayRange {
  from: string;
  to: string;
  dateFrom: Date;
  dateTo: Date;
}

function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function parseDay(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DAY.test(value)) return undefined;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(ms) && dayOf(ms) === value ? ms : undefined;
}

/** The range `from`/`to` of the query (defaults: the last 30 days up to today), or a problem in words. */
export function dayRangeOf(req: Request, now = Date.now()): DayRange | string {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const to = req.query.to === undefined || req.query.to === '' ? today : parseDay(req.query.to);
  const from = req.query.from === undefined || req.query.from === '' ? (to ?? today) - (DEFAULT_DAYS - 1) * DAY_MS : parseDay(req.query.from);
  if (from === undefined || to === undefined) return 'Dates are days written YYYY-MM-DD.';
  if (to < from) return 'The end of the range is before its start.';
  if ((to - from) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) return `A range may span at most ${ANALYTICS_MAX_DAYS} days.`;
  return { from: dayOf(from), to: dayOf(to), dateFrom: new Date(from), dateTo: new Date(to + DAY_MS) };
}

/** The GET form choosing the range of the page at `action`; `extra` is more fields (escaped HTML) before its button. */
export function dayRangeForm(action: string, range: DayRange | undefined, extra = ''): string {
  return (
    `<form method="get" action="${action}" class="filters" role="search" aria-label="Date range">` +
    `<div><label for="from">From</label><input id="from" name="from" type="date" value="${escapeHtml(range?.from ?? '')}"></div>` +
    `<div><label for="to">To</label><input id="to" name="to" type="date" value="${escapeHtml(range?.to ?? '')}"></div>` +
    `${extra}<button type="submit">Show</button></form>`
  );
}
